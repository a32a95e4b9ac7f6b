import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vite';
import { contractPlugins } from '../../tools/vite/contract-plugins';

// The gateway serves this build at /admin/, so every asset URL carries that prefix.
export default defineConfig({
  root: __dirname,
  base: '/admin/',
  // A .br and a .gz beside every file, at the highest levels, so the gateway never compresses per request.
  plugins: [react(), ...contractPlugins(resolve(__dirname, '../../libs/contracts/src')), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  resolve: {
    alias: {
      '@fodmap/contracts': resolve(__dirname, '../../libs/contracts/src/index.ts'),
      '@fodmap/web-client': resolve(__dirname, '../../libs/web-client/src/index.ts'),
      '@fodmap/web-ui': resolve(__dirname, '../../libs/web-ui/src/index.ts'),
    },
  },
  server: {
    port: 5174,
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
  build: {
    outDir: resolve(__dirname, 'dist'),
    emptyOutDir: true,
  },
});
