import { Alert, Stack, Typography } from '@mui/material';
import { FODMAP_GROUP_LABELS, type MealScore } from '@fodmap/contracts';

const list = (words: string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`);
const foods = (count: number) => `${count} food${count === 1 ? '' : 's'}`;

/** Why the add-up check is partial, in kitchen words: how many foods' FODMAP amounts are known. */
function partlyKnown(known: number, foodCount: number): string {
  if (known === 0) return 'FODMAP amounts aren’t known for these foods, so we can’t check how they add up.';
  return `FODMAP amounts are known for ${known} of ${foodCount} foods, so we can’t fully check how they add up.`;
}

/**
 * Issue 7 FODMAP stacking: foods that are each fine can add up over a cut-off together (said prominently); what is
 * not known is said quietly, never passed off as low.
 */
export function StackingNote({ score, foodCount }: { score: Pick<MealScore, 'stacking' | 'unknownFoods'>; foodCount: number }) {
  const { stacked, unknownFoods: unmeasured } = score.stacking;
  if (foodCount === 0) return null;
  return (
    <Stack spacing={0.5}>
      {stacked.length > 0 && (
        <Alert severity="warning" variant="outlined" sx={{ mb: 0.5 }}>
          Together these foods add up to more {list(stacked.map((group) => FODMAP_GROUP_LABELS[group]))} than a low-FODMAP meal allows, though each is fine on its own.
        </Alert>
      )}
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
