import { IconButton, List, ListItem, ListItemButton, ListItemText } from '@mui/material';
import AddCircleIcon from '@mui/icons-material/AddCircle';
import type { FoodSummary } from '@fodmap/contracts';
import { FodmapRatingBadge } from './FodmapBadges';

/** What a row says under the name: the serving and its calories, the two things people size a portion by. */
export function servingLine(food: Pick<FoodSummary, 'servingSize' | 'caloriesPerServing'>): string | undefined {
  const parts = [food.servingSize, food.caloriesPerServing === null ? null : `${Math.round(food.caloriesPerServing)} kcal`].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** Foods as tappable rows, each with its rating in words, and when `onAdd` is given a button to log it as a meal. */
export function FoodList<T extends FoodSummary>({ foods, onOpen, onAdd, label }: { foods: T[]; onOpen: (food: T) => void; onAdd?: (food: T) => void; label: string }) {
  return (
    <List disablePadding aria-label={label}>
      {foods.map((food) => (
        <ListItem key={food.id} disablePadding divider>
          {/* The rating wraps under the name when large text leaves no room beside it. */}
          <ListItemButton onClick={() => onOpen(food)} sx={{ minHeight: 56, gap: 1, px: 1, flexWrap: 'wrap' }}>
            <ListItemText primary={food.name} secondary={servingLine(food)} slotProps={{ primary: { fontWeight: 500 } }} sx={{ minWidth: 0, flex: '1 1 9rem' }} />
            <FodmapRatingBadge rating={food.fodmapRating} checkLabel={food.checkLabel} />
          </ListItemButton>
          {/* Beside the row, not over it: MUI's secondary action floats over the row's end, where large text runs. */}
          {onAdd && (
            <IconButton aria-label={`Add ${food.name} to a meal`} onClick={() => onAdd(food)} color="primary">
              <AddCircleIcon />
            </IconButton>
          )}
        </ListItem>
      ))}
    </List>
  );
}
