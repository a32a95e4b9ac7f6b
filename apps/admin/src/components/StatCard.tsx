import { Card, CardContent, Typography } from '@mui/material';

/** One overview figure: what it counts, the value large (its one paragraph), and a line that qualifies it. */
export function StatCard({ label, value, caption }: { label: string; value: string | number; caption?: string }) {
  return (
    <Card variant="outlined" role="group" aria-label={label}>
      <CardContent>
        <Typography variant="body2" component="div" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" fontWeight={700}>
          {value}
        </Typography>
        {caption && (
          <Typography variant="caption" component="div" color="text.secondary">
            {caption}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
