import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { MEAL_NAME_MAX_LENGTH, JournalMessages, Messages } from '@fodmap/contracts';
import { serverMessage } from '@fodmap/web-client';
import { useId, useState, type FormEvent } from 'react';
import { useToast } from '@fodmap/web-ui';
import { FodmapRatingBadge } from '../foods/FodmapBadges';
import { FoodPicker } from '../foods/FoodPicker';
import { useUnauthorizedHandler } from '../session/use-unauthorized';
import { useTimeZone } from '../symptoms/symptoms-api';
import { defaultMealName } from './meal-builder';
import { mealFoodOf, previewItems } from './meal-preview';
import { mealTypeOf, mealWhenProblem, usualMinutes, type MealWhen } from './meal-time';
import { useCreateMeal } from './create-meal';
import { useRecentMeals } from './recent-meals';
import { MealRisk } from './MealRisk';
import { MealWhenFields } from './MealWhenFields';
import { PortionWarning } from './PortionWarning';
import { QuantityUnitFields } from './QuantityUnitFields';
import { StackingNote } from './StackingNote';
import type { MealBuilder } from './use-meal-builder';
import { useBackToClose } from '../../lib/use-back-to-close';

/** A new meal starts as eaten now, its type following the time. */
const NOW: MealWhen = { at: null, chosenType: null };

const kcal = (calories: number | null) => (calories === null ? 'Calories not stated' : `${calories} kcal`);

/** Spec §2, §4, §5 'Build Your Meal': several foods with their amounts, scored as they are added, saved as one meal at the time it was eaten. */
export function MealBuilderDialog({ builder }: { builder: MealBuilder }) {
  const titleId = useId();
  const { toast } = useToast();
  const handleUnauthorized = useUnauthorizedHandler();
  const timeZone = useTimeZone();
  const create = useCreateMeal(timeZone);
  // Not read again while saving: the save's own refresh would read the week again with the dialog about to close.
  const recent = useRecentMeals(timeZone, builder.isOpen && !create.isPending);
  const [when, setWhen] = useState<MealWhen>(NOW);
  useBackToClose(builder.isOpen, builder.close);
  // null until the person types a name of their own: until then the name follows the foods.
  const [typedName, setTypedName] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ name?: string; foods?: string }>({});

  const { items } = builder;
  const name = typedName ?? defaultMealName(items.map((item) => item.food));
  const preview = previewItems(items);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const now = new Date();
    const found = { name: name.trim() ? undefined : Messages.mealNameRequired, foods: items.length > 0 ? undefined : JournalMessages.mealNeedsFood };
    setProblem(found);
    if (found.name || found.foods || mealWhenProblem(when, now)) return;
    create.save(
      { mealType: mealTypeOf(when, now), name: name.trim(), at: when.at, items },
      {
        onSuccess: () => {
          toast({ title: JournalMessages.mealCreateSuccess, description: JournalMessages.mealCreatedWith(items.length) });
          setTypedName(null);
          setWhen(NOW);
          builder.reset();
        },
        onError: (error) => {
          if (!handleUnauthorized(error)) toast({ title: JournalMessages.mealError, description: serverMessage(error, Messages.mealCreateFailed), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Dialog
      open={builder.isOpen}
      onClose={builder.close}
      fullWidth
      scroll="paper"
      aria-labelledby={titleId}
      sx={{ '& .MuiDialog-paper': { mx: 1.5, width: 'calc(100% - 24px)', maxHeight: 'calc(100% - 32px)' } }}
    >
      <Box component="form" onSubmit={save} noValidate sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <DialogTitle id={titleId}>Build Your Meal</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <MealWhenFields value={when} onChange={setWhen} usual={usualMinutes(recent)} />
            <TextField
              label="Meal Name"
              value={name}
              onChange={(event) => setTypedName(event.target.value)}
              required
              error={Boolean(problem.name) && !name.trim()}
              helperText={problem.name && !name.trim() ? problem.name : typedName === null && items.length > 0 ? 'Named after its foods; type to change' : undefined}
              slotProps={{ htmlInput: { maxLength: MEAL_NAME_MAX_LENGTH, autoCapitalize: 'sentences' } }}
            />
            <FoodPicker onSelect={builder.add} onUnauthorized={handleUnauthorized} label="Add a food" />
            <Typography variant="body2" color="success.dark" aria-live="polite" sx={{ minHeight: '1.5em', mt: -1 }}>
              {builder.lastChange}
            </Typography>
            {items.length === 0 ? (
              <Typography variant="body2" color={problem.foods ? 'error' : 'text.secondary'} role={problem.foods ? 'alert' : undefined}>
                {problem.foods ?? 'Search above to add the foods of your meal.'}
              </Typography>
            ) : (
              <List disablePadding aria-label="Foods in this meal">
                {items.map((item, index) => {
                  const entry = mealFoodOf(item, index);
                  return (
                  <ListItem key={item.food.id} disablePadding divider sx={{ display: 'block', py: 1.5 }}>
                    <Stack direction="row" flexWrap="wrap" useFlexGap spacing={1} alignItems="center" sx={{ mb: 1 }}>
                      <Typography variant="body2" fontWeight={600} sx={{ flex: '1 1 9rem', minWidth: 0 }}>
                        {item.food.name}
                      </Typography>
                      <FodmapRatingBadge rating={entry.ratingAtQuantity} checkLabel={entry.food.checkLabel} />
                      <IconButton aria-label={`Remove ${item.food.name}`} onClick={() => builder.remove(item.food.id)} edge="end" size="small">
                        <DeleteOutlineIcon />
                      </IconButton>
                    </Stack>
                    <QuantityUnitFields
                      food={item.food}
                      quantity={item.quantity}
                      servingUnit={item.servingUnit}
                      onQuantityChange={(quantity) => builder.update(item.food.id, { quantity })}
                      onUnitChange={(servingUnit) => builder.update(item.food.id, { servingUnit })}
                    />
                    <PortionWarning food={item.food} quantity={item.quantity} servingUnit={item.servingUnit} />
                    <Typography variant="caption" color="text.secondary">
                      {kcal(entry.calories)}
                    </Typography>
                  </ListItem>
                  );
                })}
              </List>
            )}
            {items.length > 0 && (
              <Stack spacing={1} component="section" aria-label="Meal summary">
                <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
                  <Typography variant="body2" fontWeight={600}>
                    Total: {preview.totalCalories === null ? 'calories not stated' : `${preview.totalCalories} kcal`}
                  </Typography>
                  <Button size="small" onClick={builder.clear}>
                    Clear all
                  </Button>
                </Stack>
                <MealRisk meal={preview} />
                <StackingNote score={preview} foodCount={items.length} />
              </Stack>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={builder.close} size="large">
            Cancel
          </Button>
          <Button type="submit" variant="contained" size="large" disabled={create.isPending}>
            {create.isPending ? 'Saving…' : 'Save Meal'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
