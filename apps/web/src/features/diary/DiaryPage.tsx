import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, Paper, Stack, TextField, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import { localDay, type Meal, type Symptom } from '@fodmap/contracts';
import { serverMessage } from '@fodmap/web-client';
import { Suspense, useId, useMemo, useState } from 'react';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { EmptyState } from '../../components/EmptyState';
import { ScreenBody } from '../../components/ScreenBody';
import { ScreenHeader } from '../../components/ScreenHeader';
import { lazyNamed } from '../../lib/lazy-named';
import { useBackToClose } from '../../lib/use-back-to-close';
import { useOnceTrue } from '../../lib/use-once-true';
import { useScreenTitle } from '../branding/use-screen-title';
import { MealCard } from '../meals/MealCard';
import { useMealDetails } from '../meals/MealDetailsHost';
import { useMealsOfDay } from '../meals/meals-api';
import { useMealActions } from '../meals/use-meal-actions';
import { useUnauthorizedHandler, useUnauthorizedRead } from '../session/use-unauthorized';
import { dayHeading, shiftDay } from '../symptoms/symptom-format';
import { ConfirmDeleteSymptom, SymptomEntry } from '../symptoms/SymptomEntry';
import { useDaySymptoms, useTimeZone } from '../symptoms/symptoms-api';

const SymptomDialog = lazyNamed(() => import('../symptoms/SymptomDialog'), 'SymptomDialog');

type DiaryEntry = { kind: 'meal'; at: number; meal: Meal } | { kind: 'symptom'; at: number; symptom: Symptom };

/**
 * A day as it happened, earliest first: a symptom sits below the meals eaten before it, which is how the person (and
 * the correlations, which look at the hours before a symptom) read a day. A meal comes before a symptom of the same minute.
 */
function timeline(meals: readonly Meal[], symptoms: readonly Symptom[]): DiaryEntry[] {
  const entries: DiaryEntry[] = [
    ...meals.map((meal) => ({ kind: 'meal' as const, at: Date.parse(meal.timestamp), meal })),
    ...symptoms.map((symptom) => ({ kind: 'symptom' as const, at: Date.parse(symptom.timestamp), symptom })),
  ];
  return entries.sort((a, b) => a.at - b.at || (a.kind === b.kind ? 0 : a.kind === 'meal' ? -1 : 1));
}

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

/** Previous and next day, and any day up to today from the phone's date picker. */
function DayPicker({ day, today, timeZone, onChange }: { day: string; today: string; timeZone: string; onChange: (day: string) => void }) {
  return (
    <Paper variant="outlined" component="nav" aria-label="Day" sx={{ p: 1 }}>
      <Stack direction="row" spacing={1} alignItems="center">
        <IconButton aria-label="Previous day" onClick={() => onChange(shiftDay(day, -1))} sx={{ width: 48, height: 48 }}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography variant="subtitle1" component="h2" fontWeight={600} textAlign="center" sx={{ flex: 1, minWidth: 0 }}>
          {dayHeading(day, timeZone)}
        </Typography>
        <IconButton aria-label="Next day" onClick={() => onChange(shiftDay(day, 1))} disabled={day >= today} sx={{ width: 48, height: 48 }}>
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      {/* On a row of its own: a date field is as wide as its text, which large text makes wider than the gap between the arrows. */}
      <TextField
        type="date"
        size="small"
        fullWidth
        value={day}
        // An emptied picker keeps the day shown; a day after today is not in the diary yet.
        onChange={(event) => event.target.value && onChange(event.target.value < today ? event.target.value : today)}
        slotProps={{ htmlInput: { max: today, 'aria-label': 'Show day' } }}
        sx={{ mt: 1 }}
      />
    </Paper>
  );
}

function DayTimeline({ day, today, timeZone }: { day: string; today: string; timeZone: string }) {
  const handleUnauthorized = useUnauthorizedHandler();
  // Read again on each visit: a symptom logged from an email link, or on another phone, shows here.
  const meals = useMealsOfDay(day, timeZone, true);
  const symptoms = useDaySymptoms(day);
  const actions = useMealActions();
  const details = useMealDetails(timeZone, handleUnauthorized);
  const [deletingMeal, setDeletingMeal] = useState<Meal | null>(null);
  const [deletingSymptom, setDeletingSymptom] = useState<Symptom | null>(null);
  const [editing, setEditing] = useState<{ symptom: Symptom; open: boolean } | null>(null);
  const editUsed = useOnceTrue(editing?.open ?? false);

  const error = meals.error ?? symptoms.error;
  useUnauthorizedRead(error);
  const entries = useMemo(() => timeline(meals.data ?? [], symptoms.data ?? []), [meals.data, symptoms.data]);
  const mealNames = useMemo(() => new Map(meals.data?.map((meal) => [meal.id, meal.name])), [meals.data]);

  if (error) return <Alert severity="error">{serverMessage(error, 'Could not load this day. Please try again.')}</Alert>;
  if (meals.isPending || symptoms.isPending) return <CenteredSpinner />;
  return (
    <>
      {entries.length === 0 ? (
        <EmptyState icon={<MenuBookIcon />} title={day === today ? 'Nothing logged today yet' : 'Nothing logged on this day'}>
          Meals and symptoms you log appear here in the order they happened.
        </EmptyState>
      ) : (
        <Stack component="ol" spacing={1.5} aria-label={`Meals and symptoms, ${dayHeading(day, timeZone)}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {entries.map((entry) => (
            <li key={`${entry.kind}-${entry.kind === 'meal' ? entry.meal.id : entry.symptom.id}`}>
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
      )}
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
}

/** Spec §2 Diary, issue 18: one day at a time, its meals and symptoms as one timeline. Meals are deleted here only. */
export function DiaryPage() {
  useScreenTitle('Food Diary');
  const timeZone = useTimeZone();
  const today = localDay(new Date(), timeZone);
  // null: today, whichever day that is when the screen is shown.
  const [chosen, setChosen] = useState<string | null>(null);
  const day = chosen ?? today;
  return (
    <>
      <ScreenHeader title="Food Diary" />
      <ScreenBody>
        <DayPicker day={day} today={today} timeZone={timeZone} onChange={(next) => setChosen(next >= today ? null : next)} />
        <DayTimeline day={day} today={today} timeZone={timeZone} />
      </ScreenBody>
    </>
  );
}
