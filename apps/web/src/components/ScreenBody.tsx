import { Stack } from '@mui/material';
import type { ReactNode } from 'react';

/** The padded column under a screen header; `roomBelow` (px) lets its last card scroll clear of a floating button. */
export function ScreenBody({ children, roomBelow }: { children: ReactNode; roomBelow?: number }) {
  return (
    <Stack spacing={2} sx={{ p: 2, pb: roomBelow === undefined ? 2 : `${roomBelow}px`, flex: 1 }}>
      {children}
    </Stack>
  );
}
