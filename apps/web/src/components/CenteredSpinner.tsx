import { Box, CircularProgress, Typography } from '@mui/material';
import { Messages } from '@fodmap/contracts';

export function CenteredSpinner({ label = Messages.loading }: { label?: string }) {
  return (
    <Box role="status" sx={{ flex: 1, minHeight: '60dvh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
