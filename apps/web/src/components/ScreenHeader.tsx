import { AppBar, Toolbar, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The coloured bar at the top of each app screen. */
export function ScreenHeader({ title, subtitle, end }: { title: ReactNode; subtitle?: ReactNode; end?: ReactNode }) {
  return (
    <AppBar position="static" elevation={0}>
      <Toolbar sx={{ gap: 1.5, minHeight: 64 }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h1" noWrap>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" sx={{ opacity: 0.85 }} noWrap>
              {subtitle}
            </Typography>
          )}
        </div>
        {end}
      </Toolbar>
    </AppBar>
  );
}
