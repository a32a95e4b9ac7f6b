import { Alert, Button, Link, Stack } from '@mui/material';
import { authRoutes, Messages, resetPasswordProblem, type RouteBody } from '@fodmap/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { callRoute, serverMessage } from '@fodmap/web-client';
import { TextInput } from '../../components/TextInput';
import { AuthCard } from './AuthCard';
import { useScreenTitle } from '../branding/use-screen-title';
import { markStartPageSeen } from '../start/start-flag';

/** Spec §9: how long the success message stays before the sign-in page. */
const REDIRECT_AFTER_RESET_MS = 3000;

/** Spec §2 /reset-password?token=…: choose a new password with the emailed token. */
export function ResetPasswordPage() {
  useScreenTitle('Reset Password');
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const navigate = useNavigate();
  const reset = useMutation({
    mutationFn: (body: RouteBody<typeof authRoutes.resetPassword>) => callRoute(authRoutes.resetPassword, { body }),
  });

  // The reset email's link opens a tab of its own, with no start flag yet: this person has an account, and the sign-in
  // this page leads to must not play the first visit's intro (spec §2: the start page is for a first visit).
  useEffect(markStartPageSeen, []);

  useEffect(() => {
    if (!reset.isSuccess) return;
    const redirect = window.setTimeout(() => navigate('/login', { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => window.clearTimeout(redirect);
  }, [reset.isSuccess, navigate]);

  if (!token) {
    return (
      <AuthCard title="Reset your password">
        <Stack spacing={2}>
          <Alert severity="error">{Messages.resetMissingToken}</Alert>
          <Button component={RouterLink} to="/forgot-password" variant="contained">
            Request a new link
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rule = resetPasswordProblem(newPassword, confirmPassword);
    setProblem(rule);
    if (!rule) reset.mutate({ token, newPassword });
  };

  return (
    <AuthCard title="Reset your password">
      <Stack component="form" spacing={2} noValidate onSubmit={submit}>
        {problem && <Alert severity="error">{problem}</Alert>}
        {reset.isSuccess && <Alert severity="success">{reset.data?.message || Messages.resetSuccess}</Alert>}
        {reset.isError && <Alert severity="error">{serverMessage(reset.error, Messages.resetFailed)}</Alert>}
        <TextInput
          label="New Password"
          type="password"
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
          autoComplete="new-password"
          helperText="At least 8 characters with upper and lower case letters, a number and one of @$!%*?&"
          fullWidth
        />
        <TextInput
          label="Confirm Password"
          type="password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          autoComplete="new-password"
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={reset.isPending || reset.isSuccess}>
          Reset Password
        </Button>
        <Link component={RouterLink} to="/login" variant="body2" sx={{ alignSelf: 'center' }}>
          Back to Sign In
        </Link>
      </Stack>
    </AuthCard>
  );
}
