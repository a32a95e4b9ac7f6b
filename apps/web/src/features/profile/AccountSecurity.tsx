import { Alert, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import { AccountMessages, accountRoutes, authRoutes, changePasswordSchema, Messages, type RouteBody } from '@fodmap/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { callRoute, serverMessage } from '@fodmap/web-client';
import { useToast } from '@fodmap/web-ui';
import { TextInput } from '../../components/TextInput';
import { useBackToClose } from '../../lib/use-back-to-close';
import { useEndSession } from '../session/use-end-session';

/** Profile's 'Change password' and 'Sign out everywhere' (issue 20). */
export function AccountSecurity() {
  const [open, setOpen] = useState<'password' | 'everywhere' | null>(null);
  const close = () => setOpen(null);
  return (
    <Card variant="outlined" component="section" aria-label="Password and sessions">
      <CardContent>
        <Typography variant="subtitle1" component="h2" fontWeight={600} gutterBottom>
          Password and sessions
        </Typography>
        <Stack spacing={1}>
          <Button variant="outlined" fullWidth onClick={() => setOpen('password')}>
            Change password
          </Button>
          <Button variant="outlined" color="error" fullWidth onClick={() => setOpen('everywhere')}>
            Sign out everywhere
          </Button>
        </Stack>
      </CardContent>
      {open === 'password' && <ChangePasswordDialog onClose={close} />}
      {open === 'everywhere' && <SignOutEverywhereDialog onClose={close} />}
    </Card>
  );
}

/** The three fields, checked with the route's own schema (the reset rules) before identity checks the current one. */
function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  // Mounted only while open: Back closes it, as every dialog of the app (issue 18).
  useBackToClose(true, onClose);
  const { toast } = useToast();
  const [fields, setFields] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (body: RouteBody<typeof accountRoutes.changePassword>) => callRoute(accountRoutes.changePassword, { body }),
    onSuccess: (reply) => {
      toast({ title: reply.message || AccountMessages.passwordChanged });
      onClose();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = changePasswordSchema.safeParse(fields);
    setProblem(checked.success ? null : (checked.error.issues[0]?.message ?? null));
    if (checked.success) change.mutate(fields);
  };
  const field = (name: keyof typeof fields, label: string, autoComplete: string, helperText?: string) => (
    <TextInput
      label={label}
      type="password"
      value={fields[name]}
      onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
      autoComplete={autoComplete}
      helperText={helperText}
      labelAbove
      fullWidth
    />
  );

  return (
    // The phone's width less 16 px a side (not 32): the three labels are long, and large text makes them longer.
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="change-password-title" sx={{ '& .MuiDialog-paper': { mx: 2, width: 'calc(100% - 32px)' } }}>
      <form noValidate onSubmit={submit}>
        <DialogTitle id="change-password-title">Change password</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem && <Alert severity="error">{problem}</Alert>}
            {change.isError && <Alert severity="error">{serverMessage(change.error, AccountMessages.currentPasswordWrong)}</Alert>}
            {field('currentPassword', 'Current Password', 'current-password')}
            {field('newPassword', 'New Password', 'new-password', 'At least 8 characters with upper and lower case letters, a number and one of @$!%*?&')}
            {field('confirmPassword', 'Confirm New Password', 'new-password')}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={change.isPending}>
            Change password
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Confirmed first: it signs this device out too, then goes to the sign-in page. */
function SignOutEverywhereDialog({ onClose }: { onClose: () => void }) {
  useBackToClose(true, onClose);
  const { toast } = useToast();
  const endSession = useEndSession();
  const navigate = useNavigate();
  const signOut = useMutation({
    mutationFn: () => callRoute(authRoutes.logoutAll),
    onSuccess: (reply) => {
      endSession();
      navigate('/login', { replace: true });
      toast({ title: reply.message || AccountMessages.signedOutEverywhere });
    },
    onError: (error) => toast({ title: Messages.logoutFailed, description: error.message, variant: 'destructive' }),
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby="sign-out-everywhere-title">
      <DialogTitle id="sign-out-everywhere-title">Sign out everywhere?</DialogTitle>
      <DialogContent>
        <DialogContentText>Every device signed in to your account is signed out, this one included. You will sign in again with your password.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign out everywhere
        </Button>
      </DialogActions>
    </Dialog>
  );
}
