import { Dialog, DialogTitle } from '@mui/material';
import type { SymptomType } from '@fodmap/contracts';

export interface SymptomDialogProps {
  open: boolean;
  onClose: () => void;
  /** the meal the symptom is logged for, when opened from a meal */
  mealId?: number;
  /** the type a quick tile presets */
  initialType?: SymptomType;
}

/** Spec §5 Symptom form (being built). */
export function SymptomDialog({ open, onClose }: SymptomDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth>
      <DialogTitle>Log Symptom</DialogTitle>
    </Dialog>
  );
}
