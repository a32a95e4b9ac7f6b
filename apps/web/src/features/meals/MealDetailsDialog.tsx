import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, List, ListItem, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HealingIcon from '@mui/icons-material/Healing';
import ReplayIcon from '@mui/icons-material/Replay';
import { JournalMessages, MealBuilderMessages, Messages, SYMPTOM_LABELS, type Meal, type MealFood, type Symptom, MEAL_TYPE_LABELS } from '@fodmap/contracts';
import { serverMessage } from '@fodmap/web-client';
import { Suspense, useEffect, useId, useState } from 'react';
import { useToast } from '@fodmap/web-ui';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { lazyNamed } from '../../lib/lazy-named';
import { useOnceTrue } from '../../lib/use-once-true';
import { FodmapRatingBadge } from '../foods/FodmapBadges';
import { SeverityBadge } from '../symptoms/SeverityBadge';
import { timeOfDay } from '../symptoms/symptom-format';
import { amountOf, canComplete } from './MealCard';
import { useRemoveMealFood, useUpdateMealFood } from './meal-changes';
import { useMeal } from './meals-api';
import { MealRisk } from './MealRisk';
import { MealTypeIcon } from './MealTypeIcon';
import { QuantityUnitFields } from './QuantityUnitFields';
import { StackingNote } from './StackingNote';
import { useMealActionFailure, useMealActions } from './use-meal-actions';
import { useBackToClose } from '../../lib/use-back-to-close';

const AddFoodsDialog = lazyNamed(() => import('./AddFoodsDialog'), 'AddFoodsDialog');
const SymptomDialog = lazyNamed(() => import('../symptoms/SymptomDialog'), 'SymptomDialog');
const EditMealDialog = lazyNamed(() => import('./EditMealDialog'), 'EditMealDialog');

/** Issue 18: the amount eaten corrected in place, in the units the food can be counted in; also once completed. */
function AmountEditor({ mealId, entry, onDone }: { mealId: number; entry: MealFood; onDone: () => void }) {
  const { toast } = useToast();
  const failed = useMealActionFailure();
  const update = useUpdateMealFood(mealId);
  const [quantity, setQuantity] = useState(entry.quantity);
  const [servingUnit, setServingUnit] = useState(entry.servingUnit);
  const save = () => {
    if (quantity === entry.quantity && servingUnit === entry.servingUnit) return onDone();
    update.mutate(
      { entryId: entry.id, input: { quantity, servingUnit } },
      {
        onSuccess: () => {
          toast({ title: JournalMessages.mealUpdated });
          onDone();
        },
        onError: failed(JournalMessages.mealUpdateFailed),
      },
    );
  };
  return (
    <Stack spacing={1} sx={{ width: '100%', pt: 1 }}>
      <QuantityUnitFields food={entry.food} quantity={quantity} servingUnit={servingUnit} onQuantityChange={setQuantity} onUnitChange={setServingUnit} />
      <Stack direction="row" spacing={1} justifyContent="flex-end">
        <Button onClick={onDone}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={update.isPending}>
          Save amount
        </Button>
      </Stack>
    </Stack>
  );
}

function MealContent({ meal, timeZone, onEditSymptom }: { meal: Meal; timeZone: string; onEditSymptom: (symptom: Symptom) => void }) {
  const { toast } = useToast();
  const failed = useMealActionFailure();
  const removeFood = useRemoveMealFood(meal.id);
  const [editingEntry, setEditingEntry] = useState<number | null>(null);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <MealRisk meal={meal} size="medium" />
        {/* Spec §4: 'Completed' once completed, the one sign of it, as on the meal's card. */}
        {meal.completed && <Chip color="success" variant="outlined" icon={<CheckCircleIcon />} label="Completed" />}
      </Stack>
      <StackingNote score={meal} foodCount={meal.foods.length} />
      <Box component="section" aria-label="Foods">
        <Typography variant="subtitle2" component="h3" gutterBottom>
          Foods
        </Typography>
        {meal.foods.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No foods yet. Add the foods you ate to see the meal's FODMAP risk.
          </Typography>
        ) : (
          <List disablePadding aria-label={`Foods in ${meal.name}`}>
            {meal.foods.map((entry) => (
              <ListItem key={entry.id} disablePadding divider sx={{ py: 1, gap: 1, flexWrap: 'wrap' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" fontWeight={500}>
                    {entry.food.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {amountOf(entry)}
                    {entry.calories === null ? '' : ` · ${entry.calories} kcal`}
                  </Typography>
                </Box>
                <FodmapRatingBadge rating={entry.ratingAtQuantity} checkLabel={entry.food.checkLabel} />
                <IconButton aria-label={`Edit amount of ${entry.food.name}`} size="small" onClick={() => setEditingEntry(entry.id)} disabled={editingEntry === entry.id}>
                  <EditOutlinedIcon />
                </IconButton>
                {!meal.completed && (
                  <IconButton
                    aria-label={`Remove ${entry.food.name}`}
                    size="small"
                    edge="end"
                    disabled={removeFood.isPending}
                    onClick={() => removeFood.mutate(entry.id, { onSuccess: () => toast({ title: MealBuilderMessages.builderRemoved }), onError: failed(JournalMessages.mealError) })}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                )}
                {editingEntry === entry.id && <AmountEditor mealId={meal.id} entry={entry} onDone={() => setEditingEntry(null)} />}
              </ListItem>
            ))}
          </List>
        )}
        {meal.totalCalories !== null && (
          <Typography variant="body2" fontWeight={600} sx={{ mt: 1 }}>
            Total: {meal.totalCalories} kcal
          </Typography>
        )}
      </Box>
      <Box component="section" aria-label="Symptoms">
        <Typography variant="subtitle2" component="h3" gutterBottom>
          Symptoms
        </Typography>
        {meal.symptoms.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No symptoms logged for this meal.
          </Typography>
        ) : (
          <Stack component="ul" spacing={0.75} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {meal.symptoms.map((symptom) => (
              <Stack component="li" key={symptom.id} direction="row" spacing={1} alignItems="center">
                <Typography variant="body2" sx={{ flex: 1 }}>
                  {SYMPTOM_LABELS[symptom.symptomType]}
                </Typography>
                <SeverityBadge severity={symptom.severity} />
                <Typography variant="caption" color="text.secondary">
                  {timeOfDay(symptom.timestamp, timeZone)}
                </Typography>
                <Button size="small" onClick={() => onEditSymptom(symptom)} aria-label={`Edit ${SYMPTOM_LABELS[symptom.symptomType]} at ${timeOfDay(symptom.timestamp, timeZone)}`}>
                  Edit
                </Button>
              </Stack>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

export interface MealDetailsDialogProps {
  /** the meal to show; the dialog keeps the last one while it animates closed */
  meal: Meal | null;
  open: boolean;
  onClose: () => void;
  timeZone: string;
  /** the screen's own rule for a lost session while reading */
  onUnauthorized: (error: unknown) => boolean;
}

/** Spec §2 Meal details: foods, score, symptoms, and what can still be done with the meal. */
export function MealDetailsDialog({ meal: listed, open, onClose, timeZone, onUnauthorized }: MealDetailsDialogProps) {
  const titleId = useId();
  useBackToClose(open, onClose);
  const actions = useMealActions();
  const read = useMeal(listed?.id ?? 0, listed ?? undefined);
  const [addingFoods, setAddingFoods] = useState(false);
  const [editing, setEditing] = useState(false);
  // The symptom form: to log one for this meal (no symptom) or to correct one of its symptoms.
  const [symptomForm, setSymptomForm] = useState<{ symptom?: Symptom; open: boolean } | null>(null);
  const addFoodsUsed = useOnceTrue(addingFoods);
  const editUsed = useOnceTrue(editing);
  const symptomUsed = useOnceTrue(symptomForm?.open ?? false);
  const meal = read.data ?? listed;

  useEffect(() => {
    if (read.error) onUnauthorized(read.error);
  }, [read.error, onUnauthorized]);

  return (
    <Dialog open={open} onClose={onClose} fullWidth scroll="paper" aria-labelledby={titleId} sx={{ '& .MuiDialog-paper': { mx: 1.5, width: 'calc(100% - 24px)' } }}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        {meal && <MealTypeIcon mealType={meal.mealType} color="primary" />}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            {meal?.name ?? 'Meal'}
          </Box>
          {meal && (
            <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
              {MEAL_TYPE_LABELS[meal.mealType]} · {timeOfDay(meal.timestamp, timeZone)}
            </Typography>
          )}
        </Box>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {read.error && !read.isPlaceholderData ? (
          <Alert severity="error">{serverMessage(read.error, Messages.mealNotFound)}</Alert>
        ) : meal ? (
          <MealContent meal={meal} timeZone={timeZone} onEditSymptom={(symptom) => setSymptomForm({ symptom, open: true })} />
        ) : (
          <CenteredSpinner />
        )}
      </DialogContent>
      {meal && (
        <DialogActions sx={{ px: 2, py: 1.5, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
          <Button startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
            Edit
          </Button>
          {!meal.completed && (
            <Button startIcon={<AddIcon />} onClick={() => setAddingFoods(true)}>
              Add foods
            </Button>
          )}
          <Button startIcon={<HealingIcon />} onClick={() => setSymptomForm({ open: true })}>
            Log symptom
          </Button>
          <Button startIcon={<ReplayIcon />} disabled={meal.foods.length === 0 || actions.repeating === meal.id} onClick={() => actions.repeat(meal, onClose)}>
            Log again
          </Button>
          {canComplete(meal) && (
            <Button variant="contained" startIcon={<CheckCircleIcon />} disabled={actions.completing === meal.id} onClick={() => actions.complete(meal)}>
              Complete
            </Button>
          )}
        </DialogActions>
      )}
      {meal && addFoodsUsed && (
        <Suspense fallback={null}>
          <AddFoodsDialog open={addingFoods} mealId={meal.id} onClose={() => setAddingFoods(false)} />
        </Suspense>
      )}
      {meal && symptomUsed && (
        <Suspense fallback={null}>
          <SymptomDialog
            open={symptomForm?.open ?? false}
            mealId={meal.id}
            symptom={symptomForm?.symptom}
            onClose={() => setSymptomForm((current) => current && { ...current, open: false })}
          />
        </Suspense>
      )}
      {meal && editUsed && (
        <Suspense fallback={null}>
          <EditMealDialog meal={meal} open={editing} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </Dialog>
  );
}
