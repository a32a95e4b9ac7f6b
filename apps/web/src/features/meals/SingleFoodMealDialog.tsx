import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { MEAL_FOOD_QUANTITY, MEAL_NAME_MAX_LENGTH, JournalMessages, Messages, type Food, type FoodSummary } from '@fodmap/contracts';
import { ApiError, serverMessage } from '@fodmap/web-client';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useToast } from '@fodmap/web-ui';
import { FodmapRatingBadge } from '../foods/FodmapBadges';
import { FoodPicker } from '../foods/FoodPicker';
import { useFood } from '../foods/foods-api';
import { useUnauthorizedHandler } from '../session/use-unauthorized';
import { useTimeZone } from '../symptoms/symptoms-api';
import { defaultMealName, defaultQuantityOf, defaultUnitOf } from './meal-builder';
import { mealTypeOf, mealWhenProblem, usualMinutes, type MealWhen } from './meal-time';
import { useCreateMeal } from './create-meal';
import { useRecentMeals } from './recent-meals';
import { MealWhenFields } from './MealWhenFields';
import { PortionWarning } from './PortionWarning';
import { QuantityUnitFields } from './QuantityUnitFields';
import { useBackToClose } from '../../lib/use-back-to-close';

const isFullFood = (food: Food | FoodSummary): food is Food => 'citations' in food;

/** A list row carries only a food's summary; the meal's score needs the whole food. */
function useWholeFood(chosen: Food | FoodSummary | null, onUnauthorized: (error: unknown) => boolean) {
  const enabled = chosen !== null;
  const read = useFood(chosen?.id ?? 0, chosen && isFullFood(chosen) ? chosen : undefined, enabled);
  useEffect(() => {
    if (enabled && read.error) onUnauthorized(read.error);
  }, [enabled, read.error, onUnauthorized]);
  return enabled ? read : null;
}

function SingleFoodForm({ initialFood, onClose, titleId }: { initialFood: Food | FoodSummary | null; onClose: () => void; titleId: string }) {
  const { toast } = useToast();
  const handleUnauthorized = useUnauthorizedHandler();
  const timeZone = useTimeZone();
  const create = useCreateMeal(timeZone);
  const recent = useRecentMeals(timeZone, !create.isPending);
  const [chosen, setChosen] = useState<Food | FoodSummary | null>(initialFood);
  const [name, setName] = useState('');
  const [when, setWhen] = useState<MealWhen>({ at: null, chosenType: null });
  const [quantity, setQuantity] = useState<number>(() => (initialFood ? defaultQuantityOf(initialFood) : MEAL_FOOD_QUANTITY.default));
  const [servingUnit, setServingUnit] = useState(() => (initialFood ? defaultUnitOf(initialFood) : ''));
  const whole = useWholeFood(chosen, handleUnauthorized);
  const food = whole?.data;

  const choose = (next: Food) => {
    setChosen(next);
    setQuantity(defaultQuantityOf(next));
    setServingUnit(defaultUnitOf(next));
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    const now = new Date();
    if (!food || mealWhenProblem(when, now)) return;
    create.save(
      { mealType: mealTypeOf(when, now), name: name.trim() || defaultMealName([food]), at: when.at, items: [{ food, quantity, servingUnit }] },
      {
        onSuccess: () => {
          toast({ title: JournalMessages.mealCreateSuccess, description: JournalMessages.mealCreatedWith(1) });
          onClose();
        },
        onError: (error) => {
          if (handleUnauthorized(error)) return;
          // The meal and its food go in one request: a 404 is the food (spec §8 names the two failures apart).
          const title = error instanceof ApiError && error.status === 404 ? JournalMessages.addFoodToMealFailed : Messages.mealCreateFailed;
          toast({ title, description: serverMessage(error, ''), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Box component="form" onSubmit={add} noValidate>
      <DialogTitle id={titleId}>{chosen ? `Add ${chosen.name}` : 'Add Meal'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {chosen ? (
            <Stack direction="row" spacing={1} alignItems="center">
              <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }}>
                {chosen.servingSize ? `Serving: ${chosen.servingSize}` : 'Serving not stated'}
              </Typography>
              <FodmapRatingBadge rating={chosen.fodmapRating} checkLabel={chosen.checkLabel} />
            </Stack>
          ) : (
            <FoodPicker onSelect={choose} onUnauthorized={handleUnauthorized} autoFocus />
          )}
          <TextField
            label="Meal Name (optional)"
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder={chosen ? defaultMealName([chosen]) : undefined}
            slotProps={{ htmlInput: { maxLength: MEAL_NAME_MAX_LENGTH, autoCapitalize: 'sentences' }, inputLabel: { shrink: true } }}
          />
          <MealWhenFields value={when} onChange={setWhen} usual={usualMinutes(recent)} />
          {chosen && <QuantityUnitFields food={chosen} quantity={quantity} servingUnit={servingUnit} onQuantityChange={setQuantity} onUnitChange={setServingUnit} />}
          {food && <PortionWarning food={food} quantity={quantity} servingUnit={servingUnit} />}
          {whole?.error && !food && (
            <Typography variant="body2" color="error">
              {serverMessage(whole.error, 'Could not load this food. Please try again.')}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} size="large">
          Cancel
        </Button>
        <Button type="submit" variant="contained" size="large" disabled={!food || create.isPending}>
          {create.isPending ? 'Adding…' : 'Add'}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Spec §2, §5 single-food dialog: one food as a meal, from its details or a search result. */
export function SingleFoodMealDialog({ open, food, onClose }: { open: boolean; food: Food | FoodSummary | null; onClose: () => void }) {
  const titleId = useId();
  useBackToClose(open, onClose);
  return (
    <Dialog open={open} onClose={onClose} fullWidth aria-labelledby={titleId} sx={{ '& .MuiDialog-paper': { mx: 2, width: 'calc(100% - 32px)' } }}>
      {/* Remounted per food, so each opening starts from that food's defaults. */}
      <SingleFoodForm key={food?.id ?? 'none'} initialFood={food} onClose={onClose} titleId={titleId} />
    </Dialog>
  );
}
