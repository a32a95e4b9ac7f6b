import { Typography } from '@mui/material';
import type { Food } from '@fodmap/contracts';
import { portionWarning } from './portion-warning';

/** Under a food's amount: a quiet note once the amount passes its low-FODMAP serving (issue 10). */
export function PortionWarning({ food, quantity, servingUnit }: { food: Food; quantity: number; servingUnit: string }) {
  const warning = portionWarning(food, quantity, servingUnit);
  if (!warning) return null;
  return (
    <Typography variant="caption" color="warning.dark" display="block" role="status" sx={{ mt: 0.5 }}>
      {warning}
    </Typography>
  );
}
