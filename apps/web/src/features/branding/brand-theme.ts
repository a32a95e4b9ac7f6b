import { createTheme, type Theme } from '@mui/material/styles';
import { DEFAULT_DOMAIN_CONFIG, type DomainConfig } from '@fodmap/contracts';

function themeFor(primary: string, secondary: string): Theme {
  return createTheme({
    palette: { primary: { main: primary }, secondary: { main: secondary }, background: { default: '#f4f6f8' } },
    shape: { borderRadius: 12 },
    typography: { button: { textTransform: 'none', fontWeight: 600 } },
  });
}

/** MUI rejects colours it cannot parse; a typo in one host's config must not take the whole app down. */
export function brandTheme(config: DomainConfig): Theme {
  try {
    return themeFor(config.primaryColor, config.secondaryColor);
  } catch {
    return themeFor(DEFAULT_DOMAIN_CONFIG.primaryColor, DEFAULT_DOMAIN_CONFIG.secondaryColor);
  }
}
