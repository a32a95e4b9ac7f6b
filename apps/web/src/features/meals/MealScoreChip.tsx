import { Chip } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { mealBandInfo, type MealScoreBand } from '@fodmap/contracts';
import { scoreTone } from '../../components/score-tone';

/** Spec §4 Meal FODMAP score: the band's colour and words. */
export function MealScoreChip({ band, size = 'small' }: { band: MealScoreBand; size?: 'small' | 'medium' }) {
  const { color, label } = mealBandInfo(band);
  return (
    <Chip
      size={size}
      label={label}
      data-band={band}
      sx={(theme) => ({ bgcolor: alpha(scoreTone(color, theme).main, 0.18), color: scoreTone(color, theme).text, fontWeight: 600, maxWidth: '100%' })}
    />
  );
}
