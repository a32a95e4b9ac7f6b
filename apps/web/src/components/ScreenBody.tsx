import { Stack } from '@mui/material';
import type { ReactNode } from 'react';

/** The padded column under a screen header. */
export function ScreenBody({ children }: { children: ReactNode }) {
  return (
    <Stack spacing={2} sx={{ p: 2, flex: 1 }}>
      {children}
    </Stack>
  );
}
