import { BottomNavigation, BottomNavigationAction, Paper } from '@mui/material';
import BarChartIcon from '@mui/icons-material/BarChart';
import HomeIcon from '@mui/icons-material/Home';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PersonIcon from '@mui/icons-material/Person';
import SearchIcon from '@mui/icons-material/Search';
import { Link, useLocation } from 'react-router-dom';

/** Spec §2: the five tabs of the app screens. */
const TABS = [
  { label: 'Home', path: '/dashboard', icon: <HomeIcon /> },
  { label: 'Diary', path: '/diary', icon: <MenuBookIcon /> },
  { label: 'Search', path: '/search', icon: <SearchIcon /> },
  { label: 'Insights', path: '/insights', icon: <BarChartIcon /> },
  { label: 'Profile', path: '/profile', icon: <PersonIcon /> },
] as const;

/**
 * Five tabs share the phone's width, so their labels grow with the text size up to 125 % only (as iOS keeps its tab bar's),
 * and the selected label does not grow either: at 200 % 'Insights' alone would be wider than its fifth of the screen.
 * The icons and the labels' accessible names stay as they are.
 */
const TAB_LABEL_SIZE = 'min(0.75rem, 15px)';
const TAB_SX = {
  minWidth: 0,
  px: 0.5,
  py: 0.75,
  '& .MuiBottomNavigationAction-label, & .MuiBottomNavigationAction-label.Mui-selected': { fontSize: TAB_LABEL_SIZE },
} as const;

export function BottomTabs() {
  const { pathname } = useLocation();
  // '/' is the home screen too when signed in.
  const current = TABS.find((tab) => tab.path === pathname)?.path ?? (pathname === '/' ? '/dashboard' : false);
  return (
    <Paper component="nav" aria-label="Main" elevation={8} sx={{ position: 'sticky', bottom: 0, zIndex: 'appBar', pb: 'env(safe-area-inset-bottom)' }}>
      <BottomNavigation showLabels value={current} sx={{ height: 'auto', minHeight: 56 }}>
        {TABS.map((tab) => (
          <BottomNavigationAction key={tab.path} component={Link} to={tab.path} value={tab.path} label={tab.label} icon={tab.icon} sx={TAB_SX} />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
