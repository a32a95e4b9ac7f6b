import { List, ListItem, ListItemButton, ListItemText } from '@mui/material';
import type { FoodSummary } from '@fodmap/contracts';
import { FodmapRatingBadge } from './FodmapBadges';

/** What a row says under the name: the serving and its calories, the two things people size a portion by. */
export function servingLine(food: Pick<FoodSummary, 'servingSize' | 'caloriesPerServing'>): string | undefined {
  const parts = [food.servingSize, food.caloriesPerServing === null ? null : `${Math.round(food.caloriesPerServing)} kcal`].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** Foods as tappable rows, each with its rating in words. */
export function FoodList<T extends FoodSummary>({ foods, onOpen, label }: { foods: T[]; onOpen: (food: T) => void; label: string }) {
  return (
    <List disablePadding aria-label={label}>
      {foods.map((food) => (
        <ListItem key={food.id} disablePadding divider>
          <ListItemButton onClick={() => onOpen(food)} sx={{ minHeight: 56, gap: 1, px: 1 }}>
            <ListItemText
              primary={food.name}
              secondary={servingLine(food)}
              slotProps={{ primary: { fontWeight: 500 } }}
              sx={{ minWidth: 0 }}
            />
            <FodmapRatingBadge rating={food.fodmapRating} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
