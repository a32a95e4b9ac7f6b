import { Alert, IconButton, Paper, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import { type Meal, type Symptom, todayIn } from '@fodmap/contracts';
import { serverMessage } from '@fodmap/web-client';
import { Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { EmptyState } from '../../components/EmptyState';
import { ScreenBody } from '../../components/ScreenBody';
import { ScreenHeader } from '../../components/ScreenHeader';
import { lazyNamed } from '../../lib/lazy-named';
import { useScreenTitle } from '../branding/use-screen-title';
import { useMealsOfDay } from '../meals/meals-api';
import { useUnauthorizedRead } from '../session/use-unauthorized';
import { dayHeading, shiftDay } from '../symptoms/symptom-format';
import { useDaySymptoms, useTimeZone } from '../symptoms/symptoms-api';
import { type DiaryEntry, earlierFirst, mealEntry, symptomEntry, useDiaryEntries } from './diary-entries';

// Loaded when chosen: the day view, which the Diary opens on, does not download the paging and its merge.
const AllTimeline = lazyNamed(() => import('./AllTimeline'), 'AllTimeline');

/**
 * A day as it happened, earliest first: a symptom sits below the meals eaten before it, which is how the person (and
 * the correlations, which look at the hours before a symptom) read a day.
 */
function timeline(meals: readonly Meal[], symptoms: readonly Symptom[]): DiaryEntry[] {
  return [...meals.map(mealEntry), ...symptoms.map(symptomEntry)].sort(earlierFirst);
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
  // Read again on each visit: a symptom logged from an email link, or on another phone, shows here.
  const meals = useMealsOfDay(day, timeZone, true);
  const symptoms = useDaySymptoms(day);
  const entries = useMemo(() => timeline(meals.data ?? [], symptoms.data ?? []), [meals.data, symptoms.data]);
  const mealNames = useMemo(() => new Map(meals.data?.map((meal) => [meal.id, meal.name])), [meals.data]);
  const { list, dialogs } = useDiaryEntries(timeZone, mealNames);

  const error = meals.error ?? symptoms.error;
  useUnauthorizedRead(error);

  if (error) return <Alert severity="error">{serverMessage(error, 'Could not load this day. Please try again.')}</Alert>;
  if (meals.isPending || symptoms.isPending) return <CenteredSpinner />;
  return (
    <>
      {entries.length === 0 ? (
        <EmptyState icon={<MenuBookIcon />} title={day === today ? 'Nothing logged today yet' : 'Nothing logged on this day'}>
          Meals and symptoms you log appear here in the order they happened.
        </EmptyState>
      ) : (
        list(entries, `Meals and symptoms, ${dayHeading(day, timeZone)}`)
      )}
      {dialogs}
    </>
  );
}

type DiaryView = 'day' | 'all';

/** Day or All, as two 48 px buttons; the choice is in the address (?view=all), so Back returns to the other. */
function ViewChoice({ view, onChange }: { view: DiaryView; onChange: (view: DiaryView) => void }) {
  return (
    <ToggleButtonGroup
      exclusive
      fullWidth
      color="primary"
      value={view}
      // A tap on the chosen view answers null: it stays chosen.
      onChange={(_event, chosen: DiaryView | null) => chosen && onChange(chosen)}
      aria-label="Diary view"
    >
      <ToggleButton value="day" sx={{ minHeight: 48 }}>
        Day
      </ToggleButton>
      <ToggleButton value="all" sx={{ minHeight: 48 }}>
        All
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

/**
 * Spec §2 Diary: one day at a time, its meals and symptoms as one timeline (issue 18), or the whole history newest first
 * (issue 20). Meals are deleted here only.
 */
export function DiaryPage() {
  useScreenTitle('Food Diary');
  const timeZone = useTimeZone();
  const today = todayIn(timeZone);
  const [search, setSearch] = useSearchParams();
  const view: DiaryView = search.get('view') === 'all' ? 'all' : 'day';
  // null: today, whichever day that is when the screen is shown.
  const [chosen, setChosen] = useState<string | null>(null);
  const day = chosen ?? today;
  return (
    <>
      <ScreenHeader title="Food Diary" />
      <ScreenBody>
        <ViewChoice view={view} onChange={(next) => setSearch(next === 'all' ? { view: 'all' } : {})} />
        {view === 'all' ? (
          <Suspense fallback={<CenteredSpinner />}>
            <AllTimeline timeZone={timeZone} />
          </Suspense>
        ) : (
          <>
            <DayPicker day={day} today={today} timeZone={timeZone} onChange={(next) => setChosen(next >= today ? null : next)} />
            <DayTimeline day={day} today={today} timeZone={timeZone} />
          </>
        )}
      </ScreenBody>
    </>
  );
}
