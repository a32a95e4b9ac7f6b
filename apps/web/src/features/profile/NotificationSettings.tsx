import { Card, CardContent, Divider, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { Messages, NotificationsMessages, notificationDefaults, type User } from '@fodmap/contracts';
import { useMutation } from '@tanstack/react-query';
import { useToast } from '@fodmap/web-ui';
import { saveNotifications } from '../onboarding/profile-api';
import { useSetCurrentUser } from '../session/use-session';
import { useUnauthorizedHandler } from '../session/use-unauthorized';
import { emailPreferences, PreferenceLabel } from './email-preferences';
import { TestEmailButtons } from './TestEmailButtons';

/** Spec §2 Profile: the Email Notifications card, its two preferences and the test buttons that show what they send. */
export function NotificationSettings({ user }: { user: User }) {
  const { toast, toastMessage } = useToast();
  const setCurrentUser = useSetCurrentUser();
  const handleUnauthorized = useUnauthorizedHandler();
  const current = notificationDefaults(user);

  const save = useMutation({
    mutationFn: saveNotifications,
    // The change is what was asked for; keeping the rest of the user as it was avoids depending on the reply's shape.
    onSuccess: (_reply, change) => {
      void setCurrentUser({ ...user, ...change });
      toast({ title: Messages.notificationsSaved });
    },
    onError: (error) => {
      if (!handleUnauthorized(error)) toastMessage(Messages.notificationsFailed, 'destructive');
    },
  });

  return (
    <Card variant="outlined" component="section" aria-label={NotificationsMessages.emailNotificationsTitle}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" fontWeight={600} gutterBottom>
          {NotificationsMessages.emailNotificationsTitle}
        </Typography>
        <Stack spacing={1}>
          {emailPreferences(user.timeZone).map(({ key, title, description }) => (
            <FormControlLabel
              key={key}
              control={<Switch checked={current[key]} onChange={(_event, on) => save.mutate({ [key]: on })} disabled={save.isPending} />}
              label={<PreferenceLabel title={title} description={description} />}
            />
          ))}
          <Divider />
          <TestEmailButtons user={user} />
        </Stack>
      </CardContent>
    </Card>
  );
}
