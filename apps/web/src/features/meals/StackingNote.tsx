import { Stack, Typography } from '@mui/material';
import { type MealScore } from '@fodmap/contracts';

const foods = (count: number) => `${count} food${count === 1 ? '' : 's'}`;

/** Why the add-up check is partial, in kitchen words: how many foods' FODMAP amounts are known. */
function partlyKnown(known: number, foodCount: number): string {
  if (known === 0) return 'FODMAP amounts aren’t known for these foods, so we can’t check how they add up.';
  return `FODMAP amounts are known for ${known} of ${foodCount} foods, so we can’t fully check how they add up.`;
}

/**
 * Issue 7 FODMAP stacking, what is not known of it: said quietly, never passed off as low. The groups that do add up
 * over a cut-off are named first in the meal's FODMAP risk (MealRisk), not said again here.
 */
export function StackingNote({ score, foodCount }: { score: Pick<MealScore, 'stacking' | 'unknownFoods'>; foodCount: number }) {
  const { unknownFoods: unmeasured } = score.stacking;
  if (foodCount === 0) return null;
  return (
    <Stack spacing={0.5}>
      {score.unknownFoods > 0 && (
        <Typography variant="body2" color="text.secondary">
          {foods(score.unknownFoods)} with unknown FODMAP content
        </Typography>
      )}
      {/* Adding up needs two foods or more. */}
      {unmeasured > 0 && foodCount > 1 && (
        <Typography variant="caption" color="text.secondary">
          {partlyKnown(foodCount - unmeasured, foodCount)}
        </Typography>
      )}
    </Stack>
  );
}
