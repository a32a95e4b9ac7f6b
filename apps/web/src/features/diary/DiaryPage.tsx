import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Tab, Tabs } from '@mui/material';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import type { Meal } from '@fodmap/contracts';
import { serverMessage } from '@fodmap/web-client';
import { useId, useState } from 'react';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { EmptyState } from '../../components/EmptyState';
import { ScreenBody } from '../../components/ScreenBody';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useScreenTitle } from '../branding/use-screen-title';
import { DaySections } from './DaySections';
import { MealCard } from '../meals/MealCard';
import { useMealDetails } from '../meals/MealDetailsHost';
import { useMeals } from '../meals/meals-api';
import { useMealActions } from '../meals/use-meal-actions';
import { useUnauthorizedHandler, useUnauthorizedRead } from '../session/use-unauthorized';
import { SymptomLog } from '../symptoms/SymptomLog';
import { useTimeZone } from '../symptoms/symptoms-api';
import { useBackToClose } from '../../lib/use-back-to-close';

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

function MealsTab() {
  const handleUnauthorized = useUnauthorizedHandler();
  const meals = useMeals();
  const timeZone = useTimeZone();
  const actions = useMealActions();
  const details = useMealDetails(timeZone, handleUnauthorized);
  const [deleting, setDeleting] = useState<Meal | null>(null);

  useUnauthorizedRead(meals.error);

  if (meals.error) return <Alert severity="error">{serverMessage(meals.error, 'Could not load your meals. Please try again.')}</Alert>;
  if (meals.isPending) return <CenteredSpinner />;
  if (meals.data.length === 0) {
    return (
      <EmptyState icon={<MenuBookIcon />} title="No meals yet">
        Meals you log from Home or Search are listed here, newest first.
      </EmptyState>
    );
  }
  return (
    <>
      <DaySections entries={meals.data} timeZone={timeZone}>
        {(dayMeals) => (
          <Stack spacing={1.5}>
            {dayMeals.map((meal) => (
              <MealCard
                key={meal.id}
                meal={meal}
                timeZone={timeZone}
                onOpen={details.open}
                onRepeat={(chosen) => actions.repeat(chosen)}
                repeating={actions.repeating === meal.id}
                onDelete={setDeleting}
              />
            ))}
          </Stack>
        )}
      </DaySections>
      <ConfirmDelete
        meal={deleting}
        pending={deleting !== null && actions.removing === deleting.id}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && actions.remove(deleting, () => setDeleting(null))}
      />
      {details.dialog}
    </>
  );
}

/** Spec §2 Diary: every meal and the full symptom log, by day. Meals are deleted here only. */
export function DiaryPage() {
  useScreenTitle('Food Diary');
  const [tab, setTab] = useState<'meals' | 'symptoms'>('meals');
  return (
    <>
      <ScreenHeader title="Food Diary" />
      <Tabs value={tab} onChange={(_event, next: 'meals' | 'symptoms') => setTab(next)} variant="fullWidth" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="meals" label="Meals" />
        <Tab value="symptoms" label="Symptoms" />
      </Tabs>
      <ScreenBody>{tab === 'meals' ? <MealsTab /> : <SymptomLog />}</ScreenBody>
    </>
  );
}
