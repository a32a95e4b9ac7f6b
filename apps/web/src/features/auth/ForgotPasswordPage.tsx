import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { authRoutes, forgotPasswordSchema, Messages, type RouteBody } from '@fodmap/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { callRoute } from '@fodmap/web-client';
import { TextInput } from '../../components/TextInput';
import { AuthCard } from './AuthCard';
import { useScreenTitle } from '../branding/use-screen-title';

/** Spec §2 /forgot-password. The answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  useScreenTitle('Forgot Password');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: (body: RouteBody<typeof authRoutes.forgotPassword>) => callRoute(authRoutes.forgotPassword, { body }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    setProblem(parsed.success ? null : parsed.error.issues[0].message);
    if (parsed.success) request.mutate(parsed.data);
  };

  return (
    <AuthCard title="Forgot your password?">
      <Stack component="form" spacing={2} noValidate onSubmit={submit}>
        <Typography variant="body2" color="text.secondary">
          Enter the email you signed up with and we will send you a link to choose a new password.
        </Typography>
        {problem && <Alert severity="error">{problem}</Alert>}
        {request.isSuccess && <Alert severity="success">{request.data?.message || Messages.forgotPasswordSent}</Alert>}
        {request.isError && <Alert severity="error">{Messages.forgotPasswordFailed}</Alert>}
        <TextInput label="Email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="email" fullWidth />
        <Button type="submit" variant="contained" size="large" disabled={request.isPending}>
          Send Reset Link
        </Button>
        <Link component={RouterLink} to="/login" variant="body2" sx={{ alignSelf: 'center' }}>
          Back to Sign In
        </Link>
      </Stack>
    </AuthCard>
  );
}
