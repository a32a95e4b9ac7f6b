import { Box } from '@mui/material';
import type { Severity } from '@fodmap/contracts';
import { SEVERITY_COLORS, SEVERITY_LABELS } from './symptom-format';

/**
 * A symptom's severity as a coloured pill. A Box rather than MUI's Chip: the dashboard's symptom check shows it on the
 * first screen, and Chip (2.8 KB gzip) would be in the first download for a label that never needs Chip's actions.
 */
export function SeverityBadge({ severity, size = 'small' }: { severity: Severity; size?: 'small' | 'medium' }) {
  const color = SEVERITY_COLORS[severity];
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        px: size === 'small' ? 1 : 1.5,
        py: size === 'small' ? 0.25 : 0.5,
        borderRadius: 4,
        typography: size === 'small' ? 'caption' : 'body2',
        fontWeight: 500,
        whiteSpace: 'nowrap',
        bgcolor: color === 'default' ? 'action.selected' : `${color}.main`,
        color: color === 'default' ? 'text.primary' : `${color}.contrastText`,
      }}
    >
      {SEVERITY_LABELS[severity]}
    </Box>
  );
}
