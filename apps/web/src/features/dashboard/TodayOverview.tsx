import { Card, CardContent, Typography } from '@mui/material';

/** Spec §2 Dashboard 'Today's Overview' (being built). */
export function TodayOverview() {
  return (
    <Card variant="outlined" component="section">
      <CardContent>
        <Typography variant="subtitle1" component="h2" fontWeight={600}>
          Today&apos;s Overview
        </Typography>
      </CardContent>
    </Card>
  );
}
