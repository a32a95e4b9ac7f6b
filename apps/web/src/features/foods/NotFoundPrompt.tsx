import { Button, Dialog, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useId } from 'react';

/** Spec §4 Not-found flow: the confirmation that offers the online search or manual add. */
export function NotFoundPrompt({
  open,
  term,
  onSearchOnline,
  onAddManually,
  onClose,
}: {
  open: boolean;
  term: string;
  onSearchOnline: () => void;
  onAddManually: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth sx={{ '& .MuiDialog-paper': { mx: 2, width: 'calc(100% - 32px)' } }}>
      <DialogTitle id={titleId}>Food not found</DialogTitle>
      <DialogContent>
        <DialogContentText>We couldn't find “{term}”. You can search for it online, or add it yourself; only you will see it.</DialogContentText>
        <Stack spacing={1} sx={{ mt: 2 }}>
          <Button variant="contained" size="large" onClick={onAddManually}>
            Add manually
          </Button>
          <Button variant="outlined" size="large" onClick={onSearchOnline}>
            Search online
          </Button>
          <Button size="large" onClick={onClose}>
            Cancel
          </Button>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
