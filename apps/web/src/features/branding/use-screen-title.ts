import { useEffect } from 'react';
import { useBranding } from './BrandingProvider';

/** The tab's title: the screen, then the host's display name ("Dashboard · FODMAP Journal"); the name alone without one. */
export function useScreenTitle(screen?: string): void {
  const { displayName } = useBranding();
  useEffect(() => {
    document.title = screen ? `${screen} · ${displayName}` : displayName;
  }, [screen, displayName]);
}
