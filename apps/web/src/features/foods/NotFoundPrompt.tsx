import { Button, Dialog, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import { useId } from 'react';

export function NotFoundPrompt({ open, term, onAddManually, onClose }: { open: boolean; term: string; onAddManually: () => void; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth sx={{ '& .MuiDialog-paper': { mx: 2, width: 'calc(100% - 32px)' } }}>
      <DialogTitle id={titleId}>Food not found</DialogTitle>
      <DialogContent>
        <DialogContentText>We couldn't find “{term}”. You can add it yourself; only you will see it.</DialogContentText>
        <Stack spacing={1} sx={{ mt: 2 }}>
          <Button variant="contained" size="large" onClick={onAddManually}>
            Add manually
          </Button>
          <Button variant="outlined" size="large" disabled aria-describedby={`${titleId}-online`}>
            Search online
          </Button>
          <Typography id={`${titleId}-online`} variant="caption" color="text.secondary" textAlign="center">
            Online search is not available yet; it comes in a later update.
          </Typography>
          <Button size="large" onClick={onClose}>
            Cancel
          </Button>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
