import { Typography } from '@mui/material';
import { NotificationsMessages } from '@fodmap/contracts';

export type Preferences = { emailNotifications?: boolean; mealNotifications?: boolean };

/** The two email preferences, worded for the person: the daily summary names the zone its 8:00 is in. */
export const emailPreferences = (timeZone: string): { key: keyof Preferences; title: string; description: string }[] => [
  { key: 'emailNotifications', title: NotificationsMessages.dailySummaryToggle, description: NotificationsMessages.dailySummaryHint(timeZone) },
  { key: 'mealNotifications', title: NotificationsMessages.mealEmailsToggle, description: NotificationsMessages.mealEmailsHint },
];

/** A preference's name, and below it what it sends. */
export function PreferenceLabel({ title, description }: { title: string; description: string }) {
  return (
    <span>
      <Typography component="span" display="block">
        {title}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary">
        {description}
      </Typography>
    </span>
  );
}
