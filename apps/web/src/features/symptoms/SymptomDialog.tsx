import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import {
  CLOCK_SKEW_MS,
  DEFAULT_SEVERITY,
  FORM_SEVERITIES,
  localDay,
  logSymptomSchema,
  JournalMessages,
  Messages,
  SYMPTOM_LABELS,
  SYMPTOM_TYPES,
  updateSymptomSchema,
  type Severity,
  type Symptom,
  type SymptomType,
  type UpdateSymptomInput,
} from '@fodmap/contracts';
import { ApiError, serverMessage } from '@fodmap/web-client';
import { useId, useState, type FormEvent } from 'react';
import { useToast } from '@fodmap/web-ui';
import { useUnauthorizedHandler } from '../session/use-unauthorized';
import { SEVERITY_LABELS, timeOfDay } from './symptom-format';
import { fromLocalInput, toLocalInput } from '../meals/meal-time';
import { useMeal, useMealsOfDay } from '../meals/meals-api';
import { useLogSymptom, useUpdateSymptom } from './symptom-changes';
import { useTimeZone } from './symptoms-api';
import { useBackToClose } from '../../lib/use-back-to-close';
import { NotesField } from '../../components/NotesField';

export interface SymptomDialogProps {
  open: boolean;
  onClose: () => void;
  /** the meal the symptom is logged for, when opened from a meal */
  mealId?: number;
  /** the type a quick tile presets */
  initialType?: SymptomType;
  /** a logged symptom to correct (issue 18): the form opens with its values and saves the changes */
  symptom?: Symptom;
}

/** The server's own words for a refused symptom (a 4xx says what to fix); anything else is the spec's apology. */
function failureMessage(error: unknown, apology: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? serverMessage(error, apology) : apology;
}

function LinkedMeal({ mealId }: { mealId: number }) {
  const meal = useMeal(mealId);
  return (
    <Typography variant="body2" color="text.secondary">
      For meal: <strong>{meal.data?.name ?? '…'}</strong>
    </Typography>
  );
}

/** A linked meal of another day than the symptom's: named from its own read. */
function OtherDayMeal({ mealId, timeZone }: { mealId: number; timeZone: string }) {
  const meal = useMeal(mealId);
  return <option value={mealId}>{meal.data ? `${meal.data.name} · ${timeOfDay(meal.data.timestamp, timeZone)}` : Messages.loading}</option>;
}

/** The meals of the day the symptom began, the one it is linked to among them. */
function MealSelect({ value, onChange, day }: { value: string; onChange: (value: string) => void; day: string }) {
  const timeZone = useTimeZone();
  const meals = useMealsOfDay(day, timeZone);
  const listed = meals.data?.some((meal) => String(meal.id) === value) ?? false;
  return (
    <TextField
      label="Linked meal"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      select
      // A native select always shows an option ('No meal'): its label stays above it, not on top of it.
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      helperText={meals.isPending ? Messages.loading : meals.error ? 'Could not load that day’s meals' : undefined}
    >
      <option value="">No meal</option>
      {meals.data?.map((meal) => (
        <option key={meal.id} value={meal.id}>
          {meal.name} · {timeOfDay(meal.timestamp, timeZone)}
        </option>
      ))}
      {value && meals.data && !listed && <OtherDayMeal mealId={Number(value)} timeZone={timeZone} />}
    </TextField>
  );
}

/** Only what the person changed: a correction names the fields it changes (issue 18). */
function changesOf(symptom: Symptom, form: { symptomType: string; severity: Severity; notes: string; linkedMeal: string; timestamp: Date | undefined }): UpdateSymptomInput {
  const changes: UpdateSymptomInput = {};
  if (form.symptomType !== symptom.symptomType) changes.symptomType = form.symptomType;
  if (form.severity !== symptom.severity) changes.severity = form.severity;
  if (form.notes.trim() !== (symptom.notes ?? '')) changes.notes = form.notes.trim() || null;
  const mealId = form.linkedMeal ? Number(form.linkedMeal) : null;
  if (mealId !== symptom.mealId) changes.mealId = mealId;
  if (form.timestamp && Math.floor(form.timestamp.getTime() / 60_000) !== Math.floor(Date.parse(symptom.timestamp) / 60_000)) changes.timestamp = form.timestamp.toISOString();
  return changes;
}

function SymptomForm({ onClose, mealId, initialType, symptom, titleId }: Omit<SymptomDialogProps, 'open'> & { titleId: string }) {
  const { toast } = useToast();
  const handleUnauthorized = useUnauthorizedHandler();
  const timeZone = useTimeZone();
  const logSymptom = useLogSymptom();
  const updateSymptom = useUpdateSymptom();
  const [symptomType, setSymptomType] = useState<string>(symptom?.symptomType ?? initialType ?? '');
  const [severity, setSeverity] = useState<Severity>(symptom?.severity ?? DEFAULT_SEVERITY);
  const [notes, setNotes] = useState(symptom?.notes ?? '');
  const [linkedMeal, setLinkedMeal] = useState(symptom?.mealId ? String(symptom.mealId) : '');
  // null: the moment it is logged; a value only once the person moves the start earlier (or the symptom's own).
  const [startedAt, setStartedAt] = useState<string | null>(symptom ? toLocalInput(new Date(symptom.timestamp)) : null);
  const [submitted, setSubmitted] = useState(false);
  const [now] = useState(() => new Date());

  const timestamp = startedAt === null ? undefined : (fromLocalInput(startedAt) ?? new Date(Number.NaN));
  const timeProblem =
    timestamp !== undefined && (Number.isNaN(timestamp.getTime()) || timestamp.getTime() > Date.now() + CLOCK_SKEW_MS) ? JournalMessages.symptomTimestampInvalid : undefined;
  const validTimestamp = timestamp && !timeProblem ? timestamp : undefined;
  // The contract's schemas are the one judge of a valid symptom or correction, here and on the server.
  const correction = symptom ? updateSymptomSchema.safeParse(changesOf(symptom, { symptomType, severity, notes, linkedMeal, timestamp: validTimestamp })) : null;
  const entry = symptom
    ? null
    : logSymptomSchema.safeParse({ symptomType, severity, notes, mealId: mealId ?? (linkedMeal ? Number(linkedMeal) : undefined), timestamp: validTimestamp?.toISOString() });
  const refused = correction?.error ?? entry?.error;
  // A correction that changes nothing is no problem: Save just closes.
  const unchanged = refused?.flatten().formErrors.includes(JournalMessages.nothingToUpdate) ?? false;
  const problems = refused?.flatten().fieldErrors ?? {};
  const show = (problem: string[] | string | undefined) => (submitted ? (Array.isArray(problem) ? problem[0] : problem) : undefined);
  const pending = logSymptom.isPending || updateSymptom.isPending;

  const failed = (apology: string) => (error: unknown) => {
    if (!handleUnauthorized(error)) toast({ title: failureMessage(error, apology), variant: 'destructive' });
  };
  const done = (title: string) => () => {
    toast({ title });
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (unchanged) return onClose();
    if (timeProblem) return;
    if (symptom && correction?.success) {
      updateSymptom.mutate({ id: symptom.id, input: correction.data }, { onSuccess: done(JournalMessages.symptomUpdated), onError: failed(JournalMessages.symptomUpdateFailed) });
    } else if (entry?.success) {
      // 'Now' is the moment of the tap, sent as such: a request that arrives late, or is sent again, keeps it.
      const input = { ...entry.data, timestamp: entry.data.timestamp ?? new Date().toISOString() };
      logSymptom.mutate(input, { onSuccess: done(JournalMessages.symptomLogged), onError: failed(JournalMessages.symptomLogFailed) });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>{symptom ? 'Edit Symptom' : 'Log Symptom'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {mealId !== undefined && !symptom && <LinkedMeal mealId={mealId} />}
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
          {(mealId === undefined || symptom) && <MealSelect value={linkedMeal} onChange={setLinkedMeal} day={localDay(validTimestamp ?? now, timeZone)} />}
          <TextField
            label="When did it start?"
            type="datetime-local"
            value={startedAt ?? toLocalInput(now)}
            onChange={(event) => setStartedAt(event.target.value)}
            error={Boolean(show(timeProblem))}
            helperText={show(timeProblem) ?? 'Earlier today or a past day; not in the future'}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: toLocalInput(new Date()) } }}
          />
          <NotesField value={notes} onChange={setNotes} problem={show(problems.notes)} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} size="large">
          Cancel
        </Button>
        <Button type="submit" variant="contained" size="large" disabled={pending}>
          {symptom ? 'Save' : 'Log Symptom'}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Spec §5 Symptom form: type, severity (default mild), an optional meal, when it began (now or earlier) and notes; also to correct a logged one (issue 18). */
export function SymptomDialog({ open, onClose, mealId, initialType, symptom }: SymptomDialogProps) {
  const titleId = useId();
  useBackToClose(open, onClose);
  return (
    <Dialog open={open} onClose={onClose} fullWidth aria-labelledby={titleId} sx={{ '& .MuiDialog-paper': { mx: 2, width: 'calc(100% - 32px)' } }}>
      {/* A closed dialog unmounts its content, so each opening starts afresh with the type its tile presets or the symptom's values. */}
      <SymptomForm onClose={onClose} mealId={mealId} initialType={initialType} symptom={symptom} titleId={titleId} />
    </Dialog>
  );
}
