import { Alert, AppBar, Box, Button, CircularProgress, Container, Tab, Tabs, Toolbar, Typography } from '@mui/material';
import { AdminMessages, Messages } from '@fodmap/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { AdminUsersTab } from './admin-users/AdminUsersTab';
import { AdvertisersTab } from './advertisers/AdvertisersTab';
import { EmailCampaignsTab } from './campaigns/EmailCampaignsTab';
import { currentUserQuery } from './current-user';
import { OverviewTab } from './overview/OverviewTab';

type TabName = (typeof AdminMessages.tabs)[number];

/** Spec §2 /admin: one screen per tab, in the spec's order. */
const TAB_CONTENT: Record<TabName, ComponentType> = {
  Overview: OverviewTab,
  Advertisers: AdvertisersTab,
  'Email Campaigns': EmailCampaignsTab,
  'Admin Users': AdminUsersTab,
};

/**
 * The admin area. The gateway already refuses /admin/ to anyone but an admin; the session check here covers a
 * session that ends or an admin removed while the page is open.
 */
export function AdminApp() {
  const session = useQuery({ ...currentUserQuery, refetchOnWindowFocus: false, staleTime: Infinity });
  const [tab, setTab] = useState<TabName>('Overview');

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

  const Content = TAB_CONTENT[tab];
  return (
    <>
      <AppBar position="static" elevation={0}>
        <Toolbar sx={{ gap: 2 }}>
          <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
            Admin
          </Typography>
          <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
            {session.data.email}
          </Typography>
        </Toolbar>
        <Tabs
          value={tab}
          onChange={(_event, next: TabName) => setTab(next)}
          textColor="inherit"
          // The app bar's own text colour (white on the brand blue), as the tab labels: MUI offers only the theme's
          // primary (invisible on the bar) or secondary (purple) for the indicator.
          slotProps={{ indicator: { sx: { bgcolor: 'currentColor' } } }}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Admin sections"
        >
          {AdminMessages.tabs.map((name) => (
            <Tab key={name} value={name} label={name} id={`admin-tab-${name}`} aria-controls="admin-tab-panel" />
          ))}
        </Tabs>
      </AppBar>
      <Container component="main" id="admin-tab-panel" role="tabpanel" aria-labelledby={`admin-tab-${tab}`} sx={{ py: 3 }}>
        <Content />
      </Container>
    </>
  );
}
