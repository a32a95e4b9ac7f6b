import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, LinearProgress, TextField } from '@mui/material';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { AccountMessages, accountRoutes, eraseAccountSchema } from '@fodmap/contracts';
import { callRoute, serverMessage } from '@fodmap/web-client';
import { useToast } from '@fodmap/web-ui';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useBackToClose } from '../../lib/use-back-to-close';
import { useEndSession } from '../session/use-end-session';

/** What goes, said before the person decides (issue 20 'Erasure'). */
const WHAT_IS_DELETED =
  'This deletes your account and everything in it: your profile and photo, every meal and symptom you logged, your private foods, your insights and the emails we keep a record of. You will be signed out everywhere. This cannot be undone.';

/** Profile's 'Delete account': a dialog that asks for the password, then signs out to the start page. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const endSession = useEndSession();
  const navigate = useNavigate();
  const { toast } = useToast();
  const erase = useMutation({
    mutationFn: (input: { password: string }) => callRoute(accountRoutes.erase, { body: input }),
    onSuccess: ({ message }) => {
      endSession();
      navigate('/', { replace: true });
      toast({ title: message });
    },
    onError: (error) => setProblem(serverMessage(error, AccountMessages.eraseFailed)),
  });

  const close = () => {
    if (erase.isPending) return;
    setOpen(false);
    setPassword('');
    setProblem(null);
  };
  useBackToClose(open, close);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = eraseAccountSchema.safeParse({ password });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? AccountMessages.erasePasswordRequired);
    setProblem(null);
    erase.mutate(parsed.data);
  };

  return (
    <>
      <Button variant="text" color="error" startIcon={<DeleteForeverIcon />} fullWidth onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <form onSubmit={submit} noValidate>
          <DialogTitle id={titleId}>Delete your account?</DialogTitle>
          <DialogContent dividers>
            <DialogContentText gutterBottom>{WHAT_IS_DELETED}</DialogContentText>
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={problem !== null}
              helperText={problem ?? 'Enter your password to confirm.'}
              disabled={erase.isPending}
              fullWidth
              autoFocus
              margin="normal"
            />
            {erase.isPending && <LinearProgress aria-label="Deleting your account" />}
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 1.5 }}>
            <Button onClick={close} disabled={erase.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" color="error" disabled={erase.isPending}>
              Delete everything
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
