import { Box, Stack, Typography, type TypographyProps } from '@mui/material';
import type { ReactNode } from 'react';

/** One figure of a summary (Today's Overview, the Insights summaries): the value large, what it counts below. */
export function Figure({ label, value, caption, color, size = 'h5' }: { label: string; value: ReactNode; caption?: string; color?: string; size?: TypographyProps['variant'] }) {
  return (
    // At least 4 rem wide: with large text a row of figures wraps (FigureRow) instead of running labels into each other.
    <Box sx={{ flex: '1 1 4rem', minWidth: 0, textAlign: 'center', overflowWrap: 'anywhere' }} aria-label={label} role="group">
      <Typography variant={size} component="p" fontWeight={700} sx={{ color }}>
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary" display="block">
        {label}
      </Typography>
      {caption && (
        <Typography variant="caption" fontWeight={600} display="block" sx={{ color }}>
          {caption}
        </Typography>
      )}
    </Box>
  );
}

/** Figures side by side with a rule between them, wrapping onto another row when large text leaves them too little room. */
export function FigureRow({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" flexWrap="wrap" useFlexGap spacing={1} divider={<Box sx={{ borderLeft: 1, borderColor: 'divider' }} />}>
      {children}
    </Stack>
  );
}
