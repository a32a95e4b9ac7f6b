import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import {
  CLOCK_SKEW_MS,
  DEFAULT_SEVERITY,
  FORM_SEVERITIES,
  logSymptomSchema,
  JournalMessages,
  Messages,
  NOTES_MAX_LENGTH,
  SYMPTOM_LABELS,
  SYMPTOM_TYPES,
  type Severity,
  type SymptomType,
} from '@fodmap/contracts';
import { ApiError, serverMessage } from '@fodmap/web-client';
import { useId, useState, type FormEvent } from 'react';
import { useToast } from '@fodmap/web-ui';
import { useUnauthorizedHandler } from '../session/use-unauthorized';
import { SEVERITY_LABELS, timeOfDay } from './symptom-format';
import { useMeal, useTodayMeals } from '../meals/meals-api';
import { useLogSymptom, useTimeZone } from './symptoms-api';
import { useBackToClose } from '../../lib/use-back-to-close';

export interface SymptomDialogProps {
  open: boolean;
  onClose: () => void;
  /** the meal the symptom is logged for, when opened from a meal */
  mealId?: number;
  /** the type a quick tile presets */
  initialType?: SymptomType;
}

/** A moment as a datetime-local field holds it: the browser's wall-clock time to the minute. */
function toLocalInput(date: Date): string {
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** The server's own words for a refused symptom (a 4xx says what to fix); anything else is the spec's apology. */
function failureMessage(error: unknown): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? serverMessage(error, JournalMessages.symptomLogFailed) : JournalMessages.symptomLogFailed;
}

function LinkedMeal({ mealId }: { mealId: number }) {
  const meal = useMeal(mealId);
  return (
    <Typography variant="body2" color="text.secondary">
      For meal: <strong>{meal.data?.name ?? '…'}</strong>
    </Typography>
  );
}

function MealSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const meals = useTodayMeals();
  const timeZone = useTimeZone();
  return (
    <TextField
      label="Linked meal"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      select
      // A native select always shows an option ('No meal'): its label stays above it, not on top of it.
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      helperText={meals.isPending ? Messages.loading : meals.error ? 'Could not load today’s meals' : undefined}
    >
      <option value="">No meal</option>
      {meals.data?.map((meal) => (
        <option key={meal.id} value={meal.id}>
          {meal.name} · {timeOfDay(meal.timestamp, timeZone)}
        </option>
      ))}
    </TextField>
  );
}

function SymptomForm({ onClose, mealId, initialType, titleId }: Omit<SymptomDialogProps, 'open'> & { titleId: string }) {
  const { toast } = useToast();
  const handleUnauthorized = useUnauthorizedHandler();
  const logSymptom = useLogSymptom();
  const [symptomType, setSymptomType] = useState<string>(initialType ?? '');
  const [severity, setSeverity] = useState<Severity>(DEFAULT_SEVERITY);
  const [notes, setNotes] = useState('');
  const [linkedMeal, setLinkedMeal] = useState('');
  // null: the moment it is logged; a value only once the person moves the start earlier.
  const [startedAt, setStartedAt] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [now] = useState(() => new Date());

  const timestamp = startedAt === null ? undefined : new Date(startedAt);
  const timeProblem =
    timestamp !== undefined && (Number.isNaN(timestamp.getTime()) || timestamp.getTime() > Date.now() + CLOCK_SKEW_MS) ? JournalMessages.symptomTimestampInvalid : undefined;
  // The contract's schema is the one judge of a valid symptom, here and on the server.
  const parsed = logSymptomSchema.safeParse({
    symptomType,
    severity,
    notes,
    mealId: mealId ?? (linkedMeal ? Number(linkedMeal) : undefined),
    timestamp: timestamp && !timeProblem ? timestamp.toISOString() : undefined,
  });
  const problems = parsed.success ? {} : parsed.error.flatten().fieldErrors;
  const show = (problem: string[] | string | undefined) => (submitted ? (Array.isArray(problem) ? problem[0] : problem) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.success || timeProblem) return;
    logSymptom.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: JournalMessages.symptomLogged });
        onClose();
      },
      onError: (error) => {
        if (!handleUnauthorized(error)) toast({ title: failureMessage(error), variant: 'destructive' });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>Log Symptom</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {mealId !== undefined && <LinkedMeal mealId={mealId} />}
          <TextField
            label="Symptom"
            value={symptomType}
            onChange={(event) => setSymptomType(event.target.value)}
            required
            select
            error={Boolean(show(problems.symptomType))}
            helperText={show(problems.symptomType)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="" disabled>
              Choose a symptom
            </option>
            {SYMPTOM_TYPES.map((type) => (
              <option key={type} value={type}>
                {SYMPTOM_LABELS[type]}
              </option>
            ))}
          </TextField>
          <Stack spacing={0.5}>
            <Typography variant="body2" color="text.secondary" id={`${titleId}-severity`}>
              Severity
            </Typography>
            <ToggleButtonGroup
              value={severity}
              exclusive
              fullWidth
              color="primary"
              aria-labelledby={`${titleId}-severity`}
              // One tap picks a severity; tapping the chosen one again keeps it, since a symptom always has one.
              onChange={(_event, chosen: Severity | null) => chosen && setSeverity(chosen)}
            >
              {FORM_SEVERITIES.map((option) => (
                <ToggleButton key={option} value={option} sx={{ minHeight: 48 }}>
                  {SEVERITY_LABELS[option]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Stack>
          {mealId === undefined && <MealSelect value={linkedMeal} onChange={setLinkedMeal} />}
          <TextField
            label="When did it start?"
            type="datetime-local"
            value={startedAt ?? toLocalInput(now)}
            onChange={(event) => setStartedAt(event.target.value)}
            error={Boolean(show(timeProblem))}
            helperText={show(timeProblem) ?? 'Earlier today or a past day; not in the future'}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: toLocalInput(new Date()) } }}
          />
          <TextField
            label="Notes"
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            multiline
            minRows={2}
            error={Boolean(show(problems.notes))}
            helperText={show(problems.notes)}
            slotProps={{ htmlInput: { maxLength: NOTES_MAX_LENGTH } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} size="large">
          Cancel
        </Button>
        <Button type="submit" variant="contained" size="large" disabled={logSymptom.isPending}>
          Log Symptom
        </Button>
      </DialogActions>
    </form>
  );
}

/** Spec §5 Symptom form: type, severity (default mild), an optional meal, when it began (now or earlier) and notes. */
export function SymptomDialog({ open, onClose, mealId, initialType }: SymptomDialogProps) {
  const titleId = useId();
  useBackToClose(open, onClose);
  return (
    <Dialog open={open} onClose={onClose} fullWidth aria-labelledby={titleId} sx={{ '& .MuiDialog-paper': { mx: 2, width: 'calc(100% - 32px)' } }}>
      {/* A closed dialog unmounts its content, so each opening starts afresh with the type its tile presets. */}
      <SymptomForm onClose={onClose} mealId={mealId} initialType={initialType} titleId={titleId} />
    </Dialog>
  );
}
