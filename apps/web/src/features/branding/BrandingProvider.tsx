import { CssBaseline, ThemeProvider } from '@mui/material';
import type { DomainConfig } from '@fodmap/contracts';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { brandTheme } from './brand-theme';
import { useDomainConfig } from './use-domain-config';

const BrandingContext = createContext<DomainConfig | null>(null);

export function useBranding(): DomainConfig {
  const config = useContext(BrandingContext);
  if (!config) throw new Error('useBranding must be used inside <BrandingProvider>');
  return config;
}

function setMeta(name: string, content: string) {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.appendChild(meta);
  }
  meta.content = content;
}

const CUSTOM_CSS_ID = 'domain-custom-css';

function applyCustomCss(css: string | null | undefined) {
  let style = document.getElementById(CUSTOM_CSS_ID);
  if (!css) {
    style?.remove();
    return;
  }
  if (!style) {
    style = document.createElement('style');
    style.id = CUSTOM_CSS_ID;
    // Last in <head> so the host's rules win over the theme's.
    document.head.appendChild(style);
  }
  style.textContent = css;
}

/** Spec §3 Domain config: colours, page title, description and custom rules follow the host's branding. */
export function BrandingProvider({ children }: { children: ReactNode }) {
  const config = useDomainConfig();
  const theme = useMemo(() => brandTheme(config), [config]);

  useEffect(() => {
    setMeta('description', config.description);
    setMeta('theme-color', theme.palette.primary.main);
  }, [config.description, theme]);

  useEffect(() => applyCustomCss(config.customCss), [config.customCss]);

  return (
    <BrandingContext.Provider value={config}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </BrandingContext.Provider>
  );
}
