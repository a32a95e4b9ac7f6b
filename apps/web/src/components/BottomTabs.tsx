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

export function BottomTabs() {
  const { pathname } = useLocation();
  // '/' is the home screen too when signed in.
  const current = TABS.find((tab) => tab.path === pathname)?.path ?? (pathname === '/' ? '/dashboard' : false);
  return (
    <Paper component="nav" aria-label="Main" elevation={8} sx={{ position: 'sticky', bottom: 0, zIndex: 'appBar', pb: 'env(safe-area-inset-bottom)' }}>
      <BottomNavigation showLabels value={current}>
        {TABS.map((tab) => (
          <BottomNavigationAction key={tab.path} component={Link} to={tab.path} value={tab.path} label={tab.label} icon={tab.icon} sx={{ minWidth: 0, px: 0.5 }} />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
