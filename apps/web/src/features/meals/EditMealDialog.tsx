import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { JournalMessages, MEAL_NAME_MAX_LENGTH, updateMealSchema, type Meal, type UpdateMealInput } from '@fodmap/contracts';
import { useToast } from '@fodmap/web-ui';
import { useId, useState, type FormEvent } from 'react';
import { useTimeZone } from '../symptoms/symptoms-api';
import { mealTypeOf, mealWhenProblem, usualMinutes, type MealWhen } from './meal-time';
import { useUpdateMeal } from './meal-changes';
import { useRecentMeals } from './recent-meals';
import { MealWhenFields } from './MealWhenFields';
import { useMealActionFailure } from './use-meal-actions';
import { NotesField } from '../../components/NotesField';

/** Only what the person changed: a correction names the fields it changes (issue 18). */
function changesOf(meal: Meal, when: MealWhen, name: string, notes: string, now: Date): UpdateMealInput {
  const changes: UpdateMealInput = {};
  const at = when.at ?? now;
  if (Math.floor(at.getTime() / 60_000) !== Math.floor(Date.parse(meal.timestamp) / 60_000)) changes.timestamp = at.toISOString();
  const mealType = mealTypeOf(when, now);
  if (mealType !== meal.mealType) changes.mealType = mealType;
  if (name.trim() !== meal.name) changes.name = name.trim();
  if (notes.trim() !== (meal.notes ?? '')) changes.notes = notes.trim() || null;
  return changes;
}

function EditMealForm({ meal, onClose, titleId }: { meal: Meal; onClose: () => void; titleId: string }) {
  const timeZone = useTimeZone();
  const update = useUpdateMeal(meal.id);
  const recent = useRecentMeals(timeZone, !update.isPending);
  const { toast } = useToast();
  const failed = useMealActionFailure();
  // The meal's own type stays when its time moves: the person chose it when they logged it.
  const [when, setWhen] = useState<MealWhen>({ at: new Date(meal.timestamp), chosenType: meal.mealType });
  const [name, setName] = useState(meal.name);
  const [notes, setNotes] = useState(meal.notes ?? '');
  const [submitted, setSubmitted] = useState(false);

  const now = new Date();
  const changes = changesOf(meal, when, name, notes, now);
  const parsed = updateMealSchema.safeParse(changes);
  const problems = parsed.success ? {} : parsed.error.flatten().fieldErrors;
  const show = (problem: string[] | undefined) => (submitted ? problem?.[0] : undefined);

  const save = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(changes).length === 0) return onClose();
    if (!parsed.success || mealWhenProblem(when, now)) return;
    update.mutate(changes, {
      onSuccess: () => {
        toast({ title: JournalMessages.mealUpdated });
        onClose();
      },
      onError: failed(JournalMessages.mealUpdateFailed),
    });
  };

  return (
    <form onSubmit={save} noValidate>
      <DialogTitle id={titleId}>Edit meal</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <MealWhenFields value={when} onChange={setWhen} usual={usualMinutes(recent)} />
          <TextField
            label="Meal Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            error={Boolean(show(problems.name))}
            helperText={show(problems.name)}
            slotProps={{ htmlInput: { maxLength: MEAL_NAME_MAX_LENGTH, autoCapitalize: 'sentences' } }}
          />
          <NotesField value={notes} onChange={setNotes} problem={show(problems.notes)} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} size="large">
          Cancel
        </Button>
        <Button type="submit" variant="contained" size="large" disabled={update.isPending}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}

/** Issue 18: a logged meal corrected: when it was eaten, its type, name and notes; also once completed. */
export function EditMealDialog({ meal, open, onClose }: { meal: Meal; open: boolean; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth scroll="paper" aria-labelledby={titleId} sx={{ '& .MuiDialog-paper': { mx: 1.5, width: 'calc(100% - 24px)' } }}>
      {/* A closed dialog unmounts its content: each opening starts from the meal as it stands then. */}
      <EditMealForm meal={meal} onClose={onClose} titleId={titleId} />
    </Dialog>
  );
}
