import swc from 'unplugin-swc';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// Server code needs decorator metadata (Nest DI, TypeORM), which esbuild cannot emit: SWC compiles tests.
// Libraries resolve to their sources so tests never run against a stale build.
const alias = {
  '@fodmap/contracts': resolve(__dirname, 'libs/contracts/src/index.ts'),
  '@fodmap/server': resolve(__dirname, 'libs/server/src/index.ts'),
  '@fodmap/web-client': resolve(__dirname, 'libs/web-client/src/index.ts'),
  '@fodmap/testing': resolve(__dirname, 'libs/testing/src/index.ts'),
};
const server = { plugins: [swc.vite({ module: { type: 'es6' } })], resolve: { alias } };

export default defineConfig({
  test: {
    projects: [
      { ...server, test: { name: 'unit', include: ['{apps,libs}/**/*.spec.{ts,tsx}'], exclude: ['**/node_modules/**', '**/dist/**', 'apps/web/**', 'apps/admin/**', 'libs/web-client/**'] } },
      { plugins: [], resolve: { alias }, test: { name: 'web-unit', include: ['{apps/web,apps/admin,libs/web-client}/src/**/*.spec.{ts,tsx}'], environment: 'jsdom' } },
      {
        ...server,
        test: {
          name: 'integration',
          include: ['{apps,libs}/**/*.int-spec.ts'],
          globalSetup: ['libs/testing/src/integration-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        ...server,
        test: {
          name: 'api',
          include: ['apps/e2e/src/api/**/*.e2e-spec.ts'],
          globalSetup: ['apps/e2e/src/support/stack-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        ...server,
        test: {
          name: 'browser',
          include: ['apps/e2e/src/browser/**/*.e2e-spec.ts'],
          globalSetup: ['apps/e2e/src/support/stack-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
