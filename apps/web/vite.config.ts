import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig, type Plugin } from 'vite';
import { DEFAULT_DOMAIN_CONFIG } from '@fodmap/contracts';
import { contractPlugins } from '../../tools/vite/contract-plugins';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// The page must carry the default branding before any script runs; it comes from the one default in contracts.
function defaultBranding(): Plugin {
  return {
    name: 'fodmap-default-branding',
    transformIndexHtml: (html) =>
      html
        .replaceAll('%BRAND_TITLE%', escapeHtml(DEFAULT_DOMAIN_CONFIG.displayName))
        .replaceAll('%BRAND_DESCRIPTION%', escapeHtml(DEFAULT_DOMAIN_CONFIG.description))
        .replaceAll('%BRAND_COLOR%', escapeHtml(DEFAULT_DOMAIN_CONFIG.primaryColor)),
  };
}

/**
 * MUI's createTheme and ThemeProvider import the CSS-variables theme machinery (createThemeWithVars, CssVarsProvider)
 * for a branch decided at run time, so Rollup keeps it although this app never takes it: its themes set neither
 * `cssVariables` nor `colorSchemes` (brand-theme.ts), and MUI's default theme takes the same branch. Those two imports
 * resolve to a stub that fails loudly if that ever changes: about 7 KB gzip off the entry chunk every screen loads.
 */
function muiWithoutCssVars(): Plugin {
  const stub = '\0mui-without-css-vars';
  return {
    name: 'fodmap-mui-without-css-vars',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromMuiStyles = importer && /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/](createTheme|ThemeProvider)\.js$/.test(importer);
      return fromMuiStyles && /^\.\/(createThemeWithVars|ThemeProviderWithVars)\.js$/.test(source) ? stub : null;
    },
    load(id) {
      if (id !== stub) return null;
      return `const unavailable = () => { throw new Error('MUI CSS theme variables are left out of this build (apps/web/vite.config.ts)'); };
export default unavailable;
export const CssVarsProvider = unavailable;`;
    },
  };
}

// The contracts lib is compiled from source so the web never ships a stale build of it.
export default defineConfig({
  root: __dirname,
  // A .br and a .gz beside every file, at the highest levels, so the gateway never compresses per request.
  plugins: [react(), defaultBranding(), ...contractPlugins(resolve(__dirname, '../../libs/contracts/src')), muiWithoutCssVars(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  resolve: {
    alias: {
      '@fodmap/contracts': resolve(__dirname, '../../libs/contracts/src/index.ts'),
      '@fodmap/web-client': resolve(__dirname, '../../libs/web-client/src/index.ts'),
      '@fodmap/web-ui': resolve(__dirname, '../../libs/web-ui/src/index.ts'),
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
  build: {
    outDir: resolve(__dirname, 'dist'),
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // React and the router change far less often than the app, so a release leaves phones with this chunk cached.
        // Everything else (MUI included) is split by Rollup along the lazy screens, so a screen loads only what it uses.
        manualChunks: (id) => (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id) ? 'react' : undefined),
      },
    },
  },
});
