import { Box, Typography } from '@mui/material';

/** One figure of a summary: the value large, what it counts below. */
export function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Box role="group" aria-label={label} sx={{ flex: 1, minWidth: 0, textAlign: 'center' }}>
      <Typography variant="h6" component="p" fontWeight={700}>
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary" display="block">
        {label}
      </Typography>
    </Box>
  );
}

/** An average FODMAP risk as a whole percent; a dash when no food of the period was rated. */
export const riskFigure = (risk: number | null) => (risk === null ? '—' : `${Math.round(risk)}%`);
