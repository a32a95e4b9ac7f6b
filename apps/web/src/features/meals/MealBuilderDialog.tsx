import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { MEAL_NAME_MAX_LENGTH, JournalMessages, Messages, type MealType } from '@fodmap/contracts';
import { serverMessage } from '@fodmap/web-client';
import { useId, useState, type FormEvent } from 'react';
import { useToast } from '@fodmap/web-ui';
import { FodmapRatingBadge } from '../foods/FodmapBadges';
import { FoodPicker } from '../foods/FoodPicker';
import { useUnauthorizedHandler } from '../session/use-unauthorized';
import { defaultMealName, mealFoodOf, previewItems } from './meal-builder';
import { MealSaveError, useCreateMeal } from './meals-api';
import { MealScoreChip } from './MealScoreChip';
import { mealTypeAt, MealTypePicker } from './MealTypePicker';
import { PortionWarning } from './PortionWarning';
import { QuantityUnitFields } from './QuantityUnitFields';
import { StackingNote } from './StackingNote';
import type { MealBuilder } from './use-meal-builder';
import { useBackToClose } from '../../lib/use-back-to-close';

const kcal = (calories: number | null) => (calories === null ? 'Calories not stated' : `${calories} kcal`);

/** Spec §2, §4, §5 'Build Your Meal': several foods with their amounts, scored as they are added, saved as one meal. */
export function MealBuilderDialog({ builder }: { builder: MealBuilder }) {
  const titleId = useId();
  const { toast } = useToast();
  const handleUnauthorized = useUnauthorizedHandler();
  const create = useCreateMeal();
  useBackToClose(builder.isOpen, builder.close);
  const [mealType, setMealType] = useState<MealType>(() => mealTypeAt(new Date()));
  // null until the person types a name of their own: until then the name follows the foods.
  const [typedName, setTypedName] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ name?: string; foods?: string }>({});

  const { items } = builder;
  const name = typedName ?? defaultMealName(items.map((item) => item.food));
  const preview = previewItems(items);
  // A meal saved without all its foods: its name and type are kept, its saved foods fixed; Save adds the rest.
  const { unfinished } = create;
  const isSaved = (foodId: number) => unfinished?.foods.some((entry) => entry.foodId === foodId) ?? false;
  const savedCount = items.filter((item) => isSaved(item.food.id)).length;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const found = { name: name.trim() ? undefined : Messages.mealNameRequired, foods: items.length > 0 ? undefined : JournalMessages.mealNeedsFood };
    setProblem(found);
    if (found.name || found.foods) return;
    create.mutate(
      { mealType, name: name.trim(), items },
      {
        onSuccess: () => {
          toast({ title: JournalMessages.mealCreateSuccess, description: JournalMessages.mealCreatedWith(items.length) });
          setTypedName(null);
          builder.reset();
        },
        onError: (error) => {
          const cause = error instanceof MealSaveError ? error.cause : error;
          if (!handleUnauthorized(cause)) toast({ title: JournalMessages.mealError, description: serverMessage(cause, Messages.mealCreateFailed), variant: 'destructive' });
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
            {unfinished && (
              <Alert severity="warning" role="status">
                “{unfinished.name}” is saved with {savedCount} of {items.length} foods. Save Meal adds the rest to it.
              </Alert>
            )}
            <MealTypePicker value={unfinished?.mealType ?? mealType} onChange={setMealType} disabled={unfinished !== null} />
            <TextField
              label="Meal Name"
              value={unfinished?.name ?? name}
              disabled={unfinished !== null}
              onChange={(event) => setTypedName(event.target.value)}
              required
              error={Boolean(problem.name) && !name.trim()}
              helperText={problem.name && !name.trim() ? problem.name : typedName === null && items.length > 0 && !unfinished ? 'Named after its foods; type to change' : undefined}
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
                      {isSaved(item.food.id) ? (
                        <Typography variant="caption" color="success.dark">
                          Saved
                        </Typography>
                      ) : (
                        <IconButton aria-label={`Remove ${item.food.name}`} onClick={() => builder.remove(item.food.id)} edge="end" size="small">
                          <DeleteOutlineIcon />
                        </IconButton>
                      )}
                    </Stack>
                    <QuantityUnitFields
                      food={item.food}
                      quantity={item.quantity}
                      servingUnit={item.servingUnit}
                      onQuantityChange={(quantity) => builder.update(item.food.id, { quantity })}
                      onUnitChange={(servingUnit) => builder.update(item.food.id, { servingUnit })}
                      disabled={isSaved(item.food.id)}
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
                <Stack direction="row" spacing={1} alignItems="center">
                  <Typography variant="body2">FODMAP score:</Typography>
                  <MealScoreChip band={preview.fodmapBand} />
                </Stack>
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
