import { Box, Typography, type TypographyProps } from '@mui/material';
import type { ReactNode } from 'react';

/** One figure of a summary (Today's Overview, the Insights summaries): the value large, what it counts below. */
export function Figure({ label, value, caption, color, size = 'h5' }: { label: string; value: ReactNode; caption?: string; color?: string; size?: TypographyProps['variant'] }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0, textAlign: 'center' }} aria-label={label} role="group">
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
