import { Alert, Button, Link, Stack, Tab, Tabs } from '@mui/material';
import { authRoutes, loginSchema, Messages, registerSchema, type RouteBody, type User } from '@fodmap/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useToast } from '@fodmap/web-ui';
import { callRoute, serverMessage } from '@fodmap/web-client';
import { useSetCurrentUser } from '../session/use-session';
import { TextInput } from '../../components/TextInput';
import { useScreenTitle } from '../branding/use-screen-title';
import { accountCreated } from '../onboarding/first-run';
import { AuthCard } from './AuthCard';

type Mode = 'signIn' | 'createAccount';

const EMPTY_FORM = { email: '', password: '', firstName: '', lastName: '', confirmPassword: '' };

/** The person's own zone, so "today" on their dashboard and emails is their today (architecture: Time). */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Spec §2 /login: sign in and create account on one screen. */
export function LoginPage() {
  const [mode, setMode] = useState<Mode>('signIn');
  useScreenTitle(mode === 'signIn' ? 'Sign In' : 'Create Account');
  const [form, setForm] = useState(EMPTY_FORM);
  const [problem, setProblem] = useState<string | null>(null);
  const { toast } = useToast();
  const setCurrentUser = useSetCurrentUser();

  // The route table moves a signed-in person from here to / (the dashboard) once the session holds them. Navigating
  // from here as well raced it: a path asked for before the session showed the user was bounced as signed out.
  const enterApp = (user: User) => setCurrentUser(user);

  const signIn = useMutation({
    mutationFn: (body: RouteBody<typeof authRoutes.login>) => callRoute(authRoutes.login, { body }),
    onSuccess: (user) => {
      toast({ title: Messages.welcomeBack, description: Messages.loggedInAs(user.firstName || user.email) });
      return enterApp(user);
    },
    onError: (error) => toast({ title: Messages.loginFailed, description: serverMessage(error, Messages.invalidCredentials), variant: 'destructive' }),
  });

  const createAccount = useMutation({
    mutationFn: (body: RouteBody<typeof authRoutes.register>) => callRoute(authRoutes.register, { body }),
    onSuccess: (user) => {
      toast({ title: Messages.welcome, description: Messages.accountCreatedFor(user.firstName) });
      // The route table then leads a new account to the first-run question (issue 18) instead of the dashboard.
      accountCreated();
      return enterApp(user);
    },
    onError: (error) =>
      toast({ title: Messages.registrationFailed, description: serverMessage(error, Messages.registrationFallback), variant: 'destructive' }),
  });

  const update = (field: keyof typeof EMPTY_FORM) => (event: ChangeEvent<HTMLInputElement>) => setForm({ ...form, [field]: event.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'signIn') {
      const parsed = loginSchema.safeParse({ email: form.email, password: form.password });
      setProblem(parsed.success ? null : parsed.error.issues[0].message);
      if (parsed.success) signIn.mutate(parsed.data);
    } else {
      const parsed = registerSchema.safeParse({ ...form, timeZone: browserTimeZone() });
      setProblem(parsed.success ? null : parsed.error.issues[0].message);
      if (parsed.success) createAccount.mutate(parsed.data);
    }
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    setProblem(null);
  };

  const busy = signIn.isPending || createAccount.isPending;
  const creating = mode === 'createAccount';

  return (
    <AuthCard>
      <Tabs value={mode} onChange={(_event, next: Mode) => switchMode(next)} variant="fullWidth" sx={{ mb: 2 }} aria-label="Sign in or create an account">
        <Tab value="signIn" label="Sign In" />
        <Tab value="createAccount" label="Create Account" />
      </Tabs>
      <Stack component="form" spacing={2} noValidate onSubmit={submit}>
        {problem && <Alert severity="error">{problem}</Alert>}
        {/* The names side by side, or one under the other when large text leaves each too narrow for its label. */}
        {creating && (
          <Stack direction="row" flexWrap="wrap" useFlexGap spacing={2}>
            <TextInput label="First Name" value={form.firstName} onChange={update('firstName')} autoComplete="given-name" sx={{ flex: '1 1 9rem' }} />
            <TextInput label="Last Name" value={form.lastName} onChange={update('lastName')} autoComplete="family-name" sx={{ flex: '1 1 9rem' }} />
          </Stack>
        )}
        <TextInput label="Email" type="email" value={form.email} onChange={update('email')} autoComplete="email" fullWidth />
        <TextInput
          label="Password"
          type="password"
          value={form.password}
          onChange={update('password')}
          autoComplete={creating ? 'new-password' : 'current-password'}
          fullWidth
        />
        {creating && (
          <TextInput
            label="Confirm Password"
            type="password"
            value={form.confirmPassword}
            onChange={update('confirmPassword')}
            autoComplete="new-password"
            fullWidth
          />
        )}
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {creating ? 'Create Account' : 'Sign In'}
        </Button>
        <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ alignSelf: 'center' }}>
          Forgot password?
        </Link>
      </Stack>
    </AuthCard>
  );
}
