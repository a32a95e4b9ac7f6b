import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A tab's heading, with its one action (Add …) beside it. */
export function TabHeader({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
      <Typography variant="h5" component="h2">
        {title}
      </Typography>
      {action}
    </Stack>
  );
}
