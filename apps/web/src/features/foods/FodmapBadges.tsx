import { Box } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import { FODMAP_RATING_LABELS, type FodmapRating } from '@fodmap/contracts';
import type { FodmapLevel } from './fodmap-levels';

/** Traffic-light colours; the words beside them carry the meaning for anyone who cannot tell the colours apart. */
const TONES: Record<FodmapLevel, (theme: Theme) => { main: string; text: string }> = {
  low: (theme) => ({ main: theme.palette.success.main, text: theme.palette.success.dark }),
  medium: (theme) => ({ main: theme.palette.warning.main, text: theme.palette.warning.dark }),
  high: (theme) => ({ main: theme.palette.error.main, text: theme.palette.error.dark }),
  unknown: (theme) => ({ main: theme.palette.grey[500], text: theme.palette.grey[800] }),
};

const LEVEL_LABELS: Record<FodmapLevel, string> = { low: 'Low', medium: 'Moderate', high: 'High', unknown: 'Not measured' };

/** A packaged or mixed food's own tone: blue, so it reads neither as a rating nor as the grey of 'unknown'. */
const CHECK_LABEL_TONE = (theme: Theme) => ({ main: theme.palette.info.main, text: theme.palette.info.dark });

/** What a check-the-label food's badge says instead of 'Unknown': the short form fits a list row. */
export const CHECK_LABEL_BADGE = { small: 'Check label', medium: 'Check the label' } as const;

/**
 * A food's FODMAP rating at its stated serving, drawn as MUI's small or medium Chip is, without the Chip: its clickable,
 * deletable and icon variants (about 5 KB gzip) would come to the dashboard's first load with every food row.
 * `checkLabel` (a packaged food whose FODMAPs depend on its recipe) replaces 'Unknown' with what the person can do.
 */
export function FodmapRatingBadge({ rating, size = 'small', checkLabel = false }: { rating: FodmapRating; size?: 'small' | 'medium'; checkLabel?: boolean }) {
  const showCheckLabel = checkLabel && rating === 'unknown';
  const tone = showCheckLabel ? CHECK_LABEL_TONE : TONES[rating];
  return (
    <Box
      component="span"
      data-rating={rating}
      data-check-label={showCheckLabel || undefined}
      sx={(theme) => ({
        display: 'inline-flex',
        alignItems: 'center',
        flexShrink: 0,
        // At least a chip's height, and taller when large text needs it.
        minHeight: size === 'small' ? 24 : 32,
        px: size === 'small' ? 1 : 1.5,
        borderRadius: '16px',
        bgcolor: alpha(tone(theme).main, 0.16),
        color: tone(theme).text,
        fontFamily: theme.typography.fontFamily,
        fontSize: theme.typography.pxToRem(13),
        fontWeight: 600,
        whiteSpace: 'nowrap',
      })}
    >
      {showCheckLabel ? CHECK_LABEL_BADGE[size] : FODMAP_RATING_LABELS[rating]}
    </Box>
  );
}

/** One amount's traffic light: a coloured dot and its word. */
export function LevelLight({ level, unknownLabel = LEVEL_LABELS.unknown }: { level: FodmapLevel; unknownLabel?: string }) {
  return (
    <Box
      component="span"
      data-level={level}
      sx={(theme) => ({ display: 'inline-flex', alignItems: 'center', gap: 0.75, color: TONES[level](theme).text, fontSize: 13, fontWeight: 600, whiteSpace: 'nowrap' })}
    >
      <Box component="span" aria-hidden sx={(theme) => ({ width: 10, height: 10, borderRadius: '50%', bgcolor: TONES[level](theme).main })} />
      {level === 'unknown' ? unknownLabel : LEVEL_LABELS[level]}
    </Box>
  );
}

/** A traffic-light dot alone, for a line whose words already say the level ('Low up to 75 g'). */
export function LevelDot({ level }: { level: FodmapLevel }) {
  return <Box component="span" aria-hidden data-level={level} sx={(theme) => ({ display: 'inline-block', flexShrink: 0, width: 10, height: 10, borderRadius: '50%', bgcolor: TONES[level](theme).main })} />;
}
