import { Typography } from '@mui/material';

/** Spec §2 Diary: the full symptom log (being built). */
export function SymptomLog() {
  return (
    <Typography variant="subtitle1" component="h2" fontWeight={600}>
      Symptoms
    </Typography>
  );
}
