import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { useSmallScreen } from '../lib/use-small-screen';

/** A create/edit form in a dialog: full screen on a phone, its fields stacked, Cancel and the submit at the bottom. */
export function FormDialog({
  title,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const fullScreen = useSmallScreen();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open onClose={onCancel} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="form-dialog-title">
      <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
        <DialogTitle id="form-dialog-title">{title}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>{children}</Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
