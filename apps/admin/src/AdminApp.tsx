import { Alert, AppBar, Box, Button, CircularProgress, Container, Tab, Tabs, Toolbar, Typography } from '@mui/material';
import { Messages } from '@fodmap/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchCurrentUser } from './current-user';

/** Spec §2 /admin tabs; their contents arrive with the admin features. */
const TABS = ['Overview', 'Advertisers', 'Email Campaigns', 'Admin Users'] as const;

export function AdminApp() {
  const session = useQuery({ queryKey: ['/api/auth/user'], queryFn: fetchCurrentUser, retry: false, refetchOnWindowFocus: false });
  const [tab, setTab] = useState<(typeof TABS)[number]>('Overview');

  if (session.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, mt: 10 }}>
        <CircularProgress aria-hidden />
        <Typography color="text.secondary">{Messages.loading}</Typography>
      </Box>
    );
  }

  if (!session.data?.isAdmin) {
    return (
      <Container maxWidth="sm" sx={{ mt: 8 }}>
        <Alert
          severity="warning"
          action={
            <Button color="inherit" href={session.data ? '/' : '/login'}>
              {session.data ? 'Back to App' : 'Sign In'}
            </Button>
          }
        >
          {session.isError ? session.error.message : Messages.adminAccessRequired}
        </Alert>
      </Container>
    );
  }

  return (
    <>
      <AppBar position="static" elevation={0}>
        <Toolbar>
          <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
            Admin
          </Typography>
          <Typography variant="body2">{session.data.email}</Typography>
        </Toolbar>
        <Tabs value={tab} onChange={(_event, next: (typeof TABS)[number]) => setTab(next)} textColor="inherit" indicatorColor="secondary" variant="scrollable">
          {TABS.map((name) => (
            <Tab key={name} value={name} label={name} />
          ))}
        </Tabs>
      </AppBar>
      <Container sx={{ py: 3 }}>
        <Typography variant="h5" component="h2">
          {tab}
        </Typography>
      </Container>
    </>
  );
}
