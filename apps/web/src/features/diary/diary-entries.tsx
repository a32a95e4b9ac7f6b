// What the Diary's two views share: an entry of the timeline (a meal or a symptom), how one is shown, and the dialogs
// its actions open (delete a meal, correct or delete a symptom, a meal's details).
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import type { Meal, Symptom } from '@fodmap/contracts';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import { useBackToClose } from '../../lib/use-back-to-close';
import { useOnceTrue } from '../../lib/use-once-true';
import { MealCard } from '../meals/MealCard';
import { useMealDetails } from '../meals/MealDetailsHost';
import { useMealActions } from '../meals/use-meal-actions';
import { useUnauthorizedHandler } from '../session/use-unauthorized';
import { ConfirmDeleteSymptom, SymptomEntry } from '../symptoms/SymptomEntry';

const SymptomDialog = lazyNamed(() => import('../symptoms/SymptomDialog'), 'SymptomDialog');

export type DiaryEntry = { kind: 'meal'; at: number; meal: Meal } | { kind: 'symptom'; at: number; symptom: Symptom };

export const mealEntry = (meal: Meal): DiaryEntry => ({ kind: 'meal', at: Date.parse(meal.timestamp), meal });
export const symptomEntry = (symptom: Symptom): DiaryEntry => ({ kind: 'symptom', at: Date.parse(symptom.timestamp), symptom });

const idOf = (entry: DiaryEntry) => (entry.kind === 'meal' ? entry.meal.id : entry.symptom.id);
export const entryKey = (entry: DiaryEntry) => `${entry.kind}-${idOf(entry)}`;

/**
 * Earliest first, as a day reads: a meal comes before a symptom of the same instant (the symptom followed it), and
 * entries of one kind at one instant in the order they were logged (by id, as the journal orders its pages).
 */
export function earlierFirst(a: DiaryEntry, b: DiaryEntry): number {
  return a.at - b.at || (a.kind === b.kind ? idOf(a) - idOf(b) : a.kind === 'meal' ? -1 : 1);
}

/** Newest first, as the whole history reads: exactly earlierFirst reversed, so either view orders the same entries alike. */
export const newestFirst = (a: DiaryEntry, b: DiaryEntry) => earlierFirst(b, a);

function ConfirmDelete({ meal, pending, onCancel, onConfirm }: { meal: Meal | null; pending: boolean; onCancel: () => void; onConfirm: () => void }) {
  const titleId = useId();
  useBackToClose(meal !== null, onCancel);
  return (
    <Dialog open={meal !== null} onClose={onCancel} aria-labelledby={titleId} fullWidth sx={{ '& .MuiDialog-paper': { mx: 2, width: 'calc(100% - 32px)' } }}>
      <DialogTitle id={titleId}>Delete this meal?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          “{meal?.name}” will be removed from your diary. Symptoms logged for it are kept.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} size="large">
          Cancel
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" size="large" disabled={pending}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A timeline's entries with their actions: open a meal, log it again, delete it (spec §2: the Diary only), correct or
 * delete a symptom. `mealNames` names the meal a symptom followed, when that meal is among those read.
 */
export function useDiaryEntries(timeZone: string, mealNames: ReadonlyMap<number, string>) {
  const handleUnauthorized = useUnauthorizedHandler();
  const actions = useMealActions();
  const details = useMealDetails(timeZone, handleUnauthorized);
  const [deletingMeal, setDeletingMeal] = useState<Meal | null>(null);
  const [deletingSymptom, setDeletingSymptom] = useState<Symptom | null>(null);
  const [editing, setEditing] = useState<{ symptom: Symptom; open: boolean } | null>(null);
  const editUsed = useOnceTrue(editing?.open ?? false);

  const list = (entries: readonly DiaryEntry[], label: string): ReactNode => (
    <Stack component="ol" spacing={1.5} aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {entries.map((entry) => (
        <li key={entryKey(entry)}>
          {entry.kind === 'meal' ? (
            <MealCard
              meal={entry.meal}
              timeZone={timeZone}
              onOpen={details.open}
              onRepeat={(chosen) => actions.repeat(chosen)}
              repeating={actions.repeating === entry.meal.id}
              onDelete={setDeletingMeal}
            />
          ) : (
            <SymptomEntry
              symptom={entry.symptom}
              mealName={entry.symptom.mealId === null ? undefined : mealNames.get(entry.symptom.mealId)}
              timeZone={timeZone}
              onEdit={(symptom) => setEditing({ symptom, open: true })}
              onDelete={setDeletingSymptom}
            />
          )}
        </li>
      ))}
    </Stack>
  );

  const dialogs = (
    <>
      <ConfirmDelete
        meal={deletingMeal}
        pending={deletingMeal !== null && actions.removing === deletingMeal.id}
        onCancel={() => setDeletingMeal(null)}
        onConfirm={() => deletingMeal && actions.remove(deletingMeal, () => setDeletingMeal(null))}
      />
      <ConfirmDeleteSymptom symptom={deletingSymptom} onClose={() => setDeletingSymptom(null)} />
      {editUsed && editing && (
        <Suspense fallback={null}>
          <SymptomDialog open={editing.open} symptom={editing.symptom} onClose={() => setEditing({ ...editing, open: false })} />
        </Suspense>
      )}
      {details.dialog}
    </>
  );

  return { list, dialogs };
}
