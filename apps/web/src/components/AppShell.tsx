import { Box } from '@mui/material';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { BottomTabs } from './BottomTabs';
import { CenteredSpinner } from './CenteredSpinner';

/** The signed-in screens: the page above, the tab bar pinned below it (and kept while the next screen's code loads). */
export function AppShell() {
  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Suspense fallback={<CenteredSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
      <BottomTabs />
    </Box>
  );
}
