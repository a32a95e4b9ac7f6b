import { Card, CardContent, Typography } from '@mui/material';

/** Spec §2 Dashboard symptom check (being built). */
export function SymptomCheck() {
  return (
    <Card variant="outlined" component="section">
      <CardContent>
        <Typography variant="subtitle1" component="h2" fontWeight={600}>
          Symptom check
        </Typography>
      </CardContent>
    </Card>
  );
}
