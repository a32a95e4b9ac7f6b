import { AppBar, Toolbar, Typography } from '@mui/material';
import { useEffect, useRef, type ReactNode } from 'react';

const HEIGHT_PROPERTY = '--screen-header-height';
/** The shown screen's header height (none on a screen without one): the toast shows under it (App), not over it. */
export const BELOW_SCREEN_HEADER = `var(${HEIGHT_PROPERTY}, 0px)`;

/** Keeps HEIGHT_PROPERTY at this header's height, which large text and a title on two lines change. */
function usePublishedHeight() {
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty(HEIGHT_PROPERTY, `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(HEIGHT_PROPERTY);
    };
  }, []);
  return header;
}

/** The coloured bar at the top of each app screen. */
export function ScreenHeader({ title, subtitle, end }: { title: ReactNode; subtitle?: ReactNode; end?: ReactNode }) {
  const header = usePublishedHeight();
  return (
    <AppBar ref={header} position="static" elevation={0}>
      <Toolbar sx={{ gap: 1.5, minHeight: 64, py: 1 }}>
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
