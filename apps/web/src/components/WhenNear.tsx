import { Box, Skeleton } from '@mui/material';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the screen (a quarter of a phone's) a section starts to load: enough to arrive before it scrolls in. */
export const NEAR_MARGIN_PX = 200;

export interface WhenNearProps {
  /** the section's name: its place is a named region meanwhile, for screen readers and tests alike */
  label: string;
  /** about the section's height in px, so nothing jumps when it arrives */
  height: number;
  /** the section, typically a lazy component: its code loads only once rendered */
  children: ReactNode;
}

/**
 * A section below the fold that is rendered (and so its code loaded) only when the page scrolls near it or focus moves
 * to something just above it, not with the screen's first load: issue 6 counts a slow phone's JavaScript until then.
 */
export function WhenNear({ label, height, children }: WhenNearProps) {
  const placeholder = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    // Without IntersectionObserver the section simply loads at once.
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: `0px 0px ${NEAR_MARGIN_PX}px 0px`,
    });
    observer.observe(element);
    // Focus that moves without scrolling (a script, a screen reader) still brings the next section along.
    const onFocus = (event: FocusEvent) => {
      if (!(event.target instanceof Element)) return;
      const gap = element.getBoundingClientRect().top - event.target.getBoundingClientRect().bottom;
      if (gap >= 0 && gap < NEAR_MARGIN_PX) setNear(true);
    };
    document.addEventListener('focusin', onFocus);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocus);
    };
  }, [near]);

  // A card's outline of about its height, not blank space: the page neither jumps nor looks unfinished meanwhile.
  const waiting = (
    <Box ref={placeholder} component="section" aria-label={label} aria-busy="true">
      <Skeleton variant="rounded" height={height} />
    </Box>
  );
  return near ? <Suspense fallback={waiting}>{children}</Suspense> : waiting;
}
