import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** What a section will hold once there is something to show. */
export function EmptyState({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
      <Box sx={{ color: 'primary.main', mb: 1, '& svg': { fontSize: 40 } }} aria-hidden>
        {icon}
      </Box>
      <Typography variant="subtitle1" component="h2" fontWeight={600} gutterBottom>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {children}
      </Typography>
    </Paper>
  );
}
