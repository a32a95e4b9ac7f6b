import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemButton, ListItemText, Stack, Tab, Tabs, Typography } from '@mui/material';
import { FOOD_SEARCH, FOOD_SEARCH_QUERY_MAX_LENGTH, MEAL_FOOD_QUANTITY, JournalMessages, type Food } from '@fodmap/contracts';
import { serverMessage } from '@fodmap/web-client';
import { useEffect, useId, useState } from 'react';
import { useToast } from '@fodmap/web-ui';
import { TextInput } from '../../components/TextInput';
import { FodmapRatingBadge } from '../foods/FodmapBadges';
import { servingLine } from '../foods/FoodList';
import { useFoodSearch } from '../foods/foods-api';
import { NewFoodForm } from '../foods/NewFoodForm';
import { useUnauthorizedHandler } from '../session/use-unauthorized';
import { defaultQuantityOf, defaultUnitOf } from './meal-builder';
import { useAddMealFood } from './meal-changes';
import { PortionWarning } from './PortionWarning';
import { QuantityUnitFields } from './QuantityUnitFields';
import { useMealActionFailure } from './use-meal-actions';
import { useBackToClose } from '../../lib/use-back-to-close';

function SearchTab({ onSelect }: { onSelect: (food: Food) => void }) {
  const handleUnauthorized = useUnauthorizedHandler();
  const [typed, setTyped] = useState('');
  // Spec §5: the add-foods dialog searches above 2 characters and shows the first 10.
  const search = useFoodSearch(typed, FOOD_SEARCH.dialogMinChars);
  const results = (search.results ?? []).slice(0, FOOD_SEARCH.dialogResults);
  useEffect(() => {
    if (search.error) handleUnauthorized(search.error);
  }, [search.error, handleUnauthorized]);

  return (
    <Stack spacing={1}>
      <TextInput label="Search foods" type="search" value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" autoFocus inputProps={{ maxLength: FOOD_SEARCH_QUERY_MAX_LENGTH }} />
      {!search.active ? (
        <Typography variant="body2" color="text.secondary">
          Type at least {FOOD_SEARCH.dialogMinChars} characters
        </Typography>
      ) : search.error ? (
        <Alert severity="error">{serverMessage(search.error, 'Search failed. Please try again.')}</Alert>
      ) : search.settled && results.length === 0 ? (
        <Typography variant="body2" color="text.secondary" role="status">
          No foods found. You can add it under Add New Food.
        </Typography>
      ) : (
        <List disablePadding aria-label="Search results" sx={{ opacity: search.settled ? 1 : 0.6 }}>
          {results.map((food) => (
            <ListItem key={food.id} disablePadding divider>
              <ListItemButton onClick={() => onSelect(food)} sx={{ gap: 1, px: 1, minHeight: 52 }}>
                <ListItemText primary={food.name} secondary={servingLine(food)} slotProps={{ primary: { fontWeight: 500 } }} />
                <FodmapRatingBadge rating={food.fodmapRating} checkLabel={food.checkLabel} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** Spec §4 Add-foods dialog: find (or create) a food, choose its amount, add it to a saved meal. */
export function AddFoodsDialog({ open, mealId, onClose }: { open: boolean; mealId: number; onClose: () => void }) {
  const titleId = useId();
  const newFoodTitleId = useId();
  const { toast } = useToast();
  const failed = useMealActionFailure();
  const addFood = useAddMealFood(mealId);
  const [tab, setTab] = useState<'search' | 'new'>('search');
  const [selected, setSelected] = useState<Food | null>(null);
  const [quantity, setQuantity] = useState<number>(MEAL_FOOD_QUANTITY.default);
  const [servingUnit, setServingUnit] = useState('');

  const select = (food: Food) => {
    setSelected(food);
    setQuantity(defaultQuantityOf(food));
    setServingUnit(defaultUnitOf(food));
  };
  // Spec §4: adding closes the dialog and resets its fields.
  const close = () => {
    setSelected(null);
    setTab('search');
    onClose();
  };
  useBackToClose(open, close);
  const add = () => {
    if (!selected) return;
    addFood.mutate(
      { foodId: selected.id, quantity, servingUnit },
      {
        onSuccess: () => {
          toast({ title: JournalMessages.foodAddedToMeal });
          close();
        },
        onError: failed(JournalMessages.addFoodToMealFailed),
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} fullWidth scroll="paper" aria-labelledby={titleId} sx={{ '& .MuiDialog-paper': { mx: 1.5, width: 'calc(100% - 24px)' } }}>
      <DialogTitle id={titleId}>Add foods</DialogTitle>
      {selected ? (
        <>
          <DialogContent dividers>
            <Stack spacing={2} component="section" aria-label="Amount">
              <Stack direction="row" spacing={1} alignItems="center">
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="subtitle1" fontWeight={600}>
                    {selected.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {servingLine(selected)}
                  </Typography>
                </Box>
                <FodmapRatingBadge rating={selected.fodmapRating} checkLabel={selected.checkLabel} />
              </Stack>
              <QuantityUnitFields food={selected} quantity={quantity} servingUnit={servingUnit} onQuantityChange={setQuantity} onUnitChange={setServingUnit} />
              <PortionWarning food={selected} quantity={quantity} servingUnit={servingUnit} />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 1.5 }}>
            <Button onClick={() => setSelected(null)} size="large">
              Back
            </Button>
            <Button variant="contained" size="large" onClick={add} disabled={addFood.isPending}>
              {addFood.isPending ? 'Adding…' : 'Add to meal'}
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <Tabs value={tab} onChange={(_event, next: 'search' | 'new') => setTab(next)} variant="fullWidth" sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Tab value="search" label="Search Foods" />
            <Tab value="new" label="Add New Food" />
          </Tabs>
          {tab === 'search' ? (
            <>
              <DialogContent>
                <Box sx={{ pt: 1 }}>
                  <SearchTab onSelect={select} />
                </Box>
              </DialogContent>
              <DialogActions sx={{ px: 3, pb: 2 }}>
                <Button onClick={close} size="large">
                  Cancel
                </Button>
              </DialogActions>
            </>
          ) : (
            <NewFoodForm initialName="" onClose={close} onCreated={select} titleId={newFoodTitleId} />
          )}
        </>
      )}
    </Dialog>
  );
}
