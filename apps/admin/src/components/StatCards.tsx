import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** Figures in a row on a laptop, two across on a tablet, stacked on a phone: they wrap rather than shrink. */
export function StatCards({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>{children}</Box>;
}
