import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** Spec §9: the app is phone-sized; on wider screens it sits centred in a 420 px column. */
export const PHONE_MAX_WIDTH = 420;

export function PhoneFrame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: { xs: 'background.default', md: 'grey.200' } }}>
      <Box
        sx={{
          maxWidth: PHONE_MAX_WIDTH,
          mx: 'auto',
          minHeight: '100dvh',
          bgcolor: 'background.default',
          boxShadow: { xs: 'none', md: 4 },
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
