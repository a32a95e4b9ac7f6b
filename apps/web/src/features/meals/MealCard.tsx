import { Box, Button, Card, CardActionArea, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import ReplayIcon from '@mui/icons-material/Replay';
import { MEAL_TYPE_LABELS, type Meal, type MealFood } from '@fodmap/contracts';
import { useState } from 'react';
import { FodmapRatingBadge } from '../foods/FodmapBadges';
import { timeOfDay } from '../symptoms/symptom-format';
import { isTemporaryMeal } from './meals-api';
import { MealRisk } from './MealRisk';
import { MealTypeIcon } from './MealTypeIcon';

/** Spec §9: foods shown per meal card before '+N more'. */
export const CARD_FOODS = 3;

export const amountOf = (entry: Pick<MealFood, 'quantity' | 'servingUnit'>) => `${entry.quantity} ${entry.servingUnit}`;

/** Spec §4 Meal: Complete shows only for a meal with at least one food that is not completed yet. */
export const canComplete = (meal: Pick<Meal, 'foods' | 'completed'>) => meal.foods.length > 0 && !meal.completed;

export interface MealCardProps {
  meal: Meal;
  timeZone: string;
  onOpen: (meal: Meal) => void;
  onRepeat: (meal: Meal) => void;
  repeating?: boolean;
  /** the Diary only (spec §2) */
  onDelete?: (meal: Meal) => void;
}

/** Spec §2 today's meals and Diary: one meal at a glance. */
export function MealCard({ meal, timeZone, onOpen, onRepeat, repeating = false, onDelete }: MealCardProps) {
  const [expanded, setExpanded] = useState(false);
  const saving = isTemporaryMeal(meal);
  const shown = expanded ? meal.foods : meal.foods.slice(0, CARD_FOODS);
  const hidden = meal.foods.length - shown.length;

  return (
    <Card variant="outlined" component="article" aria-label={meal.name} data-meal-id={meal.id}>
      <CardActionArea onClick={() => onOpen(meal)} disabled={saving} aria-label={`Open ${meal.name}`}>
        <CardContent sx={{ pb: 1 }}>
          <Stack direction="row" spacing={1.5} alignItems="flex-start">
            <Box sx={{ color: 'primary.main', pt: 0.25 }}>
              <MealTypeIcon mealType={meal.mealType} />
            </Box>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="subtitle1" component="h3" fontWeight={600} sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
                {meal.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {MEAL_TYPE_LABELS[meal.mealType]} · {saving ? 'Saving…' : timeOfDay(meal.timestamp, timeZone)}
              </Typography>
            </Box>
            {meal.completed && <Chip size="small" color="success" variant="outlined" icon={<CheckCircleIcon />} label="Completed" />}
          </Stack>
          <Box sx={{ mt: 1 }}>
            <MealRisk meal={meal} />
          </Box>
        </CardContent>
      </CardActionArea>
      {meal.foods.length > 0 && (
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', m: 0, px: 2, pb: 1 }} aria-label={`Foods in ${meal.name}`}>
          {shown.map((entry) => (
            <Stack component="li" key={entry.id} direction="row" flexWrap="wrap" useFlexGap spacing={1} alignItems="center">
              <Typography variant="body2" sx={{ flex: '1 1 8rem', minWidth: 0, overflowWrap: 'anywhere' }}>
                {entry.food.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                {amountOf(entry)}
              </Typography>
              <FodmapRatingBadge rating={entry.ratingAtQuantity} checkLabel={entry.food.checkLabel} />
            </Stack>
          ))}
          {meal.foods.length > CARD_FOODS && (
            <li>
              <Button size="small" onClick={() => setExpanded((current) => !current)} aria-expanded={expanded} sx={{ px: 0, minWidth: 0 }}>
                {expanded ? 'Show fewer' : `+${hidden} more`}
              </Button>
            </li>
          )}
        </Stack>
      )}
      <CardActions sx={{ pt: 0, px: 1.5, justifyContent: 'flex-end' }}>
        {onDelete && (
          <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => onDelete(meal)} disabled={saving}>
            Delete
          </Button>
        )}
        <Button size="small" startIcon={<ReplayIcon />} onClick={() => onRepeat(meal)} disabled={saving || repeating || meal.foods.length === 0}>
          Log again
        </Button>
      </CardActions>
    </Card>
  );
}
