import { Alert, Stack, Typography } from '@mui/material';
import { FODMAP_GROUP_LABELS } from '@fodmap/contracts';
import type { MealScore } from './meal-builder';

const list = (words: string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`);
const foods = (count: number) => `${count} food${count === 1 ? '' : 's'}`;

/**
 * Issue 7 FODMAP stacking: foods that are each fine can add up over a cut-off together; and what is not known is
 * said, never passed off as low.
 */
export function StackingNote({ score, foodCount }: { score: Pick<MealScore, 'stacking' | 'unknownFoods'>; foodCount: number }) {
  const { stacked, unknownFoods: unmeasured } = score.stacking;
  if (foodCount === 0) return null;
  return (
    <Stack spacing={1}>
      {stacked.length > 0 && (
        <Alert severity="warning" variant="outlined">
          FODMAP stacking: together these foods go over the low FODMAP limit for {list(stacked.map((group) => FODMAP_GROUP_LABELS[group]))}.
        </Alert>
      )}
      {score.unknownFoods > 0 && (
        <Typography variant="body2" color="text.secondary">
          {foods(score.unknownFoods)} with unknown FODMAP content
        </Typography>
      )}
      {unmeasured > 0 && (
        <Typography variant="caption" color="text.secondary">
          Stacking counts only measured amounts: {foods(unmeasured)} of {foodCount} {unmeasured === 1 ? 'has' : 'have'} FODMAP components not measured.
        </Typography>
      )}
    </Stack>
  );
}
