import { Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { CONDITION_LABELS, CONDITIONS, DIET_PHASE_LABELS, DIET_PHASES, ProfileMessages, type ProfileChange, type User } from '@fodmap/contracts';
import { useToast } from '@fodmap/web-ui';
import { useMutation } from '@tanstack/react-query';
import { saveProfile, useAcceptUser } from '../onboarding/profile-api';
import { TimeZoneField } from '../onboarding/TimeZoneField';
import { useUnauthorizedHandler } from '../session/use-unauthorized';

/** What a question's select shows until it is answered. */
const NOT_ANSWERED = 'Not answered yet';

function AnswerSelect<T extends string>({
  label,
  answers,
  labels,
  value,
  disabled,
  onChange,
}: {
  label: string;
  answers: readonly T[];
  labels: Record<T, string>;
  value: T | null;
  disabled: boolean;
  onChange: (answer: T) => void;
}) {
  const choose = (picked: string) => {
    const answer = answers.find((candidate) => candidate === picked);
    if (answer) onChange(answer);
  };
  return (
    <TextField
      select
      label={label}
      value={value ?? ''}
      disabled={disabled}
      onChange={(event) => choose(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      fullWidth
    >
      {value === null && (
        <option value="" disabled>
          {NOT_ANSWERED}
        </option>
      )}
      {answers.map((answer) => (
        <option key={answer} value={answer}>
          {labels[answer]}
        </option>
      ))}
    </TextField>
  );
}

/** Issue 18: the first-run answers (condition, diet phase, time zone), each saved as it is changed. */
export function YourAnswers({ user }: { user: User }) {
  const { toast, toastMessage } = useToast();
  const handleUnauthorized = useUnauthorizedHandler();
  const acceptUser = useAcceptUser();

  const save = useMutation({
    mutationFn: (change: ProfileChange) => saveProfile(change),
    onSuccess: async (saved) => {
      await acceptUser(user, saved);
      toast({ title: ProfileMessages.saved });
    },
    onError: (error) => {
      if (!handleUnauthorized(error)) toastMessage(ProfileMessages.saveFailed, 'destructive');
    },
  });

  return (
    <Card variant="outlined" component="section" aria-label="About you">
      <CardContent>
        <Typography variant="subtitle1" component="h2" fontWeight={600} gutterBottom>
          About you
        </Typography>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <AnswerSelect
            label="Condition"
            answers={CONDITIONS}
            labels={CONDITION_LABELS}
            value={user.condition}
            disabled={save.isPending}
            onChange={(condition) => save.mutate({ condition })}
          />
          <AnswerSelect
            label="Diet phase"
            answers={DIET_PHASES}
            labels={DIET_PHASE_LABELS}
            value={user.dietPhase}
            disabled={save.isPending}
            onChange={(dietPhase) => save.mutate({ dietPhase })}
          />
          <TimeZoneField value={user.timeZone} disabled={save.isPending} onChange={(timeZone) => save.mutate({ timeZone })} />
        </Stack>
      </CardContent>
    </Card>
  );
}
