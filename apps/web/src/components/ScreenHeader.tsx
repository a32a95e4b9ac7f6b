import { AppBar, Toolbar, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The header's least height, in rem as its text is: the toast shows under it (App), not over the screen's name. */
export const SCREEN_HEADER_MIN_HEIGHT = '4rem';

/** The coloured bar at the top of each app screen. */
export function ScreenHeader({ title, subtitle, end }: { title: ReactNode; subtitle?: ReactNode; end?: ReactNode }) {
  return (
    <AppBar position="static" elevation={0}>
      <Toolbar sx={{ gap: 1.5, minHeight: SCREEN_HEADER_MIN_HEIGHT, py: 1 }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          {/* Wrapped, never cut: large text makes a title two lines, not 'FODMAP Jou…'. */}
          <Typography variant="h6" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" sx={{ opacity: 0.85, overflowWrap: 'anywhere' }}>
              {subtitle}
            </Typography>
          )}
        </div>
        {end}
      </Toolbar>
    </AppBar>
  );
}
