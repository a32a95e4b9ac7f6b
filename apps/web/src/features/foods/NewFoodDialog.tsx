import { Dialog } from '@mui/material';
import type { Food } from '@fodmap/contracts';
import { useId } from 'react';
import { NewFoodForm } from './NewFoodForm';
import { useBackToClose } from '../../lib/use-back-to-close';

/** Spec §5 New food form: a private food, visible only to the person who adds it. */
export function NewFoodDialog({ open, initialName, onClose, onCreated }: { open: boolean; initialName: string; onClose: () => void; onCreated: (food: Food) => void }) {
  const titleId = useId();
  useBackToClose(open, onClose);
  return (
    <Dialog open={open} onClose={onClose} fullWidth aria-labelledby={titleId} sx={{ '& .MuiDialog-paper': { mx: 2, width: 'calc(100% - 32px)' } }}>
      {/* A closed dialog unmounts its content, so each opening starts afresh from the term that was searched. */}
      <NewFoodForm initialName={initialName} onClose={onClose} onCreated={onCreated} titleId={titleId} />
    </Dialog>
  );
}
