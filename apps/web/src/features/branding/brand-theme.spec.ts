import { DEFAULT_DOMAIN_CONFIG } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { brandTheme } from './brand-theme';

describe('brandTheme', () => {
  it('makes a theme without CSS variables, the only kind the build carries (vite.config.ts, muiWithoutCssVars)', () => {
    for (const config of [DEFAULT_DOMAIN_CONFIG, { ...DEFAULT_DOMAIN_CONFIG, primaryColor: 'not a colour' }]) {
      const theme = brandTheme(config);
      // MUI's ThemeProvider takes its CSS-variables branch for a theme with colour schemes.
      expect('colorSchemes' in theme).toBe(false);
      expect(theme.vars).toBeUndefined();
    }
  });
});
