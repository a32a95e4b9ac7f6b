import { Card, CardContent, Typography } from '@mui/material';

/** Spec §2 Dashboard Learn & Tips (being built). */
export function LearnAndTips() {
  return (
    <Card variant="outlined" component="section">
      <CardContent>
        <Typography variant="subtitle1" component="h2" fontWeight={600}>
          Learn &amp; Tips
        </Typography>
      </CardContent>
    </Card>
  );
}
