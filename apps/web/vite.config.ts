import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { DEFAULT_DOMAIN_CONFIG } from '@fodmap/contracts';

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

// The contracts lib is compiled from source so the web never ships a stale build of it.
export default defineConfig({
  root: __dirname,
  plugins: [react(), defaultBranding()],
  resolve: {
    alias: {
      '@fodmap/contracts': resolve(__dirname, '../../libs/contracts/src/index.ts'),
      '@fodmap/web-client': resolve(__dirname, '../../libs/web-client/src/index.ts'),
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
      // Libraries change far less often than the app, so a release leaves phones with these chunks cached.
      output: {
        manualChunks: {
          react: ['react', 'react-dom', 'react-dom/client', 'react-router-dom'],
          mui: ['@mui/material', '@emotion/react', '@emotion/styled'],
          data: ['@tanstack/react-query', 'zod'],
        },
      },
    },
  },
});
