import { Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import {
  CONDITION_LABELS,
  CONDITIONS,
  DIET_PHASE_LABELS,
  DIET_PHASES,
  NotificationsMessages,
  notificationDefaults,
  ProfileMessages,
  type Condition,
  type DietPhase,
  type User,
} from '@fodmap/contracts';
import { useToast } from '@fodmap/web-ui';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useScreenTitle } from '../branding/use-screen-title';
import { emailPreferences, PreferenceLabel } from '../profile/email-preferences';
import { useSession } from '../session/use-session';
import { useUnauthorizedHandler } from '../session/use-unauthorized';
import { ChoiceGroup } from './ChoiceGroup';
import { firstRunShown } from './first-run';
import { saveNotifications, saveProfile, useAcceptUser } from './profile-api';
import { TimeZoneField } from './TimeZoneField';

type Emails = ReturnType<typeof notificationDefaults>;

interface Answers {
  condition: Condition | null;
  dietPhase: DietPhase | null;
  timeZone: string;
  emails: Emails;
}

/**
 * Issue 18's first-run question, right after sign-up: condition, diet phase, time zone and emails on one screen.
 * Answering or 'Not now' records that it was asked, and the route then leads to the dashboard: it is asked once.
 */
export function WelcomePage() {
  useScreenTitle('Welcome');
  const { user } = useSession();
  if (!user) return null;
  if (user.onboarding !== 'pending') return <Navigate to="/" replace />;
  return <WelcomeQuestions user={user} />;
}

function WelcomeQuestions({ user }: { user: User }) {
  useEffect(firstRunShown, []);
  const [answers, setAnswers] = useState<Answers>({ condition: user.condition, dietPhase: user.dietPhase, timeZone: user.timeZone, emails: notificationDefaults(user) });
  const answer = (change: Partial<Answers>) => setAnswers({ ...answers, ...change });
  const { toast } = useToast();
  const handleUnauthorized = useUnauthorizedHandler();
  const acceptUser = useAcceptUser();

  const finish = useMutation({
    mutationFn: async (given: Answers | 'skipped') => {
      if (given === 'skipped') return saveProfile({ onboarding: 'skipped' });
      // The emails first: the profile's answer then carries both, and marks the question answered last.
      await saveNotifications(given.emails);
      const { condition, dietPhase, timeZone } = given;
      return saveProfile({ ...(condition && { condition }), ...(dietPhase && { dietPhase }), timeZone, onboarding: 'answered' });
    },
    onSuccess: (saved) => acceptUser(user, saved),
    onError: (error) => {
      if (!handleUnauthorized(error)) toast({ title: ProfileMessages.saveFailed, description: ProfileMessages.tryAgainOrSkip, variant: 'destructive' });
    },
  });

  return (
    <Box component="main" sx={{ flex: 1, p: 2 }}>
      <Stack spacing={1} sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1" fontWeight={700}>
          Welcome, {user.firstName}
        </Typography>
        <Typography color="text.secondary">A few quick questions so your journal fits you. You can change any answer later in Profile.</Typography>
      </Stack>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={3}>
            <ChoiceGroup question="Which condition do you have?" answers={CONDITIONS} labels={CONDITION_LABELS} value={answers.condition} onChange={(condition) => answer({ condition })} />
            <ChoiceGroup
              question="Where are you in the low-FODMAP diet?"
              answers={DIET_PHASES}
              labels={DIET_PHASE_LABELS}
              value={answers.dietPhase}
              onChange={(dietPhase) => answer({ dietPhase })}
            />
            <Stack spacing={1}>
              <Typography fontWeight={600} component="h2">
                Is this your time zone?
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Your days, and the time of your daily summary, follow it.
              </Typography>
              <TimeZoneField value={answers.timeZone} onChange={(timeZone) => answer({ timeZone })} />
            </Stack>
            <Stack spacing={1}>
              <Typography fontWeight={600} component="h2">
                {NotificationsMessages.emailNotificationsTitle}
              </Typography>
              {emailPreferences(answers.timeZone).map(({ key, title, description }) => (
                <FormControlLabel
                  key={key}
                  control={<Switch checked={answers.emails[key]} onChange={(_event, on) => answer({ emails: { ...answers.emails, [key]: on } })} />}
                  label={<PreferenceLabel title={title} description={description} />}
                />
              ))}
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <Stack spacing={1} sx={{ mt: 2 }}>
        <Button variant="contained" size="large" disabled={finish.isPending} onClick={() => finish.mutate(answers)}>
          Save and continue
        </Button>
        <Button size="large" disabled={finish.isPending} onClick={() => finish.mutate('skipped')}>
          Not now
        </Button>
      </Stack>
    </Box>
  );
}
