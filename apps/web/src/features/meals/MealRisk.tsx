import { Chip, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { type Meal, mealRiskSummary } from '@fodmap/contracts';
import { scoreTone } from '../../components/score-tone';

/**
 * Spec §4 'Meal FODMAP score', shown as the risk it is (issue 18): the meal's high foods and stacked groups first,
 * then 'FODMAP risk N' with the band's colour and words.
 */
export function MealRisk({ meal, size = 'small' }: { meal: Pick<Meal, 'foods' | 'fodmapScore' | 'fodmapBand' | 'stacking'>; size?: 'small' | 'medium' }) {
  const { lead, band, color } = mealRiskSummary(meal);
  return (
    <Stack spacing={0.5} alignItems="flex-start" sx={{ minWidth: 0 }}>
      {lead.map((line) => (
        <Typography key={line} variant="body2" fontWeight={600} sx={(theme) => ({ color: scoreTone('red', theme).text, overflowWrap: 'anywhere' })}>
          {line}
        </Typography>
      ))}
      <Chip
        size={size}
        label={band}
        data-band={meal.fodmapBand}
        // The label wraps rather than being cut: it must stay whole at a large text size.
        sx={(theme) => ({
          bgcolor: alpha(scoreTone(color, theme).main, 0.18),
          color: scoreTone(color, theme).text,
          fontWeight: 600,
          maxWidth: '100%',
          height: 'auto',
          '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
        })}
      />
    </Stack>
  );
}
