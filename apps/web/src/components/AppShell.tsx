import { Box } from '@mui/material';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useSession } from '../features/session/use-session';
import { lazyNamed } from '../lib/lazy-named';
import { BottomTabs } from './BottomTabs';
import { CenteredSpinner } from './CenteredSpinner';

// Its own chunk: most people have confirmed, and the dashboard's entry chunk has no room to spare.
const VerifyEmailBanner = lazyNamed(() => import('../features/auth/VerifyEmailBanner'), 'VerifyEmailBanner');

/**
 * The signed-in screens: the page above, the tab bar pinned below it (and kept while the next screen's code loads);
 * 'Confirm your email' on top until the address is proven (issue 20).
 */
export function AppShell() {
  const { user } = useSession();
  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
      {user && !user.emailVerified && (
        <Suspense fallback={null}>
          <VerifyEmailBanner />
        </Suspense>
      )}
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Suspense fallback={<CenteredSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
      <BottomTabs />
    </Box>
  );
}
