import { Paper, Typography } from '@mui/material';

/** What a list says before it has records, and what to do about it. */
export function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
      <Typography variant="subtitle1" component="p" fontWeight={600}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Paper>
  );
}
