import { Box } from '@mui/material';
import { Outlet } from 'react-router-dom';
import { BottomTabs } from './BottomTabs';

/** The signed-in screens: the page above, the tab bar pinned below it. */
export function AppShell() {
  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Outlet />
      </Box>
      <BottomTabs />
    </Box>
  );
}
