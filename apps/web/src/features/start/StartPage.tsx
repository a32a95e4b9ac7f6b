import { Box, Button, Card, CardContent, Fade, LinearProgress, Link, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import InsightsIcon from '@mui/icons-material/Insights';
import LockIcon from '@mui/icons-material/Lock';
import RestaurantIcon from '@mui/icons-material/Restaurant';
import SpaIcon from '@mui/icons-material/Spa';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useBranding } from '../branding/BrandingProvider';
import { useSession } from '../session/use-session';
import { markStartPageSeen } from './start-flag';
import { useScreenTitle } from '../branding/use-screen-title';

/** Spec §9 intro timings (variant A): 100 ticks of 100 ms make the 10 s auto-advance. */
const FADE_IN_DELAY_MS = 500;
const PROGRESS_TICK_MS = 100;

const FOODS_PROMISE = '890+ FODMAP-rated foods';
const FEATURES = [
  { icon: <SpaIcon />, text: FOODS_PROMISE },
  { icon: <InsightsIcon />, text: 'Symptom tracking and insights' },
  { icon: <RestaurantIcon />, text: 'Meal logging and analysis' },
  { icon: <LockIcon />, text: 'Private and secure data' },
] as const;

/** Spec §2 start screen, variant A: fades in, fills a progress bar, moves on by itself or on Skip Intro. */
export function StartPage() {
  useScreenTitle();
  const { displayName, tagline } = useBranding();
  const { user, isLoading } = useSession();
  const navigate = useNavigate();
  const [visible, setVisible] = useState(false);
  const [progress, setProgress] = useState(0);

  const moveOn = useCallback(
    (to?: string) => {
      markStartPageSeen();
      navigate(to ?? (user ? '/dashboard' : '/login'), { replace: true });
    },
    [navigate, user],
  );

  useEffect(() => {
    const fade = window.setTimeout(() => setVisible(true), FADE_IN_DELAY_MS);
    const tick = window.setInterval(() => setProgress((value) => Math.min(100, value + 1)), PROGRESS_TICK_MS);
    return () => {
      window.clearTimeout(fade);
      window.clearInterval(tick);
    };
  }, []);

  // The intro plays for 10 s: meanwhile the screen it moves on to is fetched, so that screen opens at once.
  useEffect(() => {
    if (!isLoading) void (user ? import('../dashboard/DashboardPage') : import('../auth/LoginPage'));
  }, [isLoading, user]);

  // The bar fills at 1% per tick, so it is full exactly when the 10 s are up.
  useEffect(() => {
    if (progress >= 100) moveOn();
  }, [progress, moveOn]);

  return (
    <Box
      sx={{
        flex: 1,
        display: 'flex',
        alignItems: 'center',
        p: 2,
        background: (theme) => `linear-gradient(160deg, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
      }}
    >
      <Fade in={visible} timeout={600}>
        <Card sx={{ width: '100%' }} elevation={6}>
          <CardContent sx={{ p: 3 }}>
            <Typography variant="h4" component="h1" fontWeight={700} color="primary" gutterBottom>
              {displayName}
            </Typography>
            <Typography color="text.secondary">{tagline}</Typography>
            <List aria-label="Features">
              {FEATURES.map((feature) => (
                <ListItem key={feature.text} disableGutters>
                  <ListItemIcon sx={{ color: 'primary.main', minWidth: 40 }}>{feature.icon}</ListItemIcon>
                  <ListItemText
                    primary={feature.text}
                    // The food data's release note is for signed-in people only, as the catalogue is.
                    secondary={
                      feature.text === FOODS_PROMISE && user ? (
                        <Link component="button" type="button" variant="body2" onClick={() => moveOn('/food-data')}>
                          What's new in the food data
                        </Link>
                      ) : undefined
                    }
                  />
                </ListItem>
              ))}
            </List>
            <LinearProgress variant="determinate" value={progress} aria-label="Intro progress" sx={{ height: 6, borderRadius: 3, mb: 2 }} />
            <Button variant="contained" fullWidth size="large" onClick={() => moveOn()}>
              Skip Intro
            </Button>
          </CardContent>
        </Card>
      </Fade>
    </Box>
  );
}
