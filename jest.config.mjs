import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, register } from 'tsconfig-paths';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

// One test layout. Unit (*.spec.ts(x)) and integration (*.int-spec.ts) tests sit beside the code they test, under a
// project's src/; end-to-end tests (*.e2e-spec.ts) sit in apps/e2e/src/api, apps/e2e/src/browser and apps/e2e/src/rollouts;
// the Kubernetes manifests' test sits in k8s/ with the manifests (a unit test: kubectl builds them, no cluster).
const LAYOUT = {
  server: '{apps,libs}/*/src/**/*.spec.ts',
  manifests: 'k8s/*.spec.ts',
  web: '{apps/web,apps/admin,libs/web-client,libs/web-ui}/src/**/*.spec.{ts,tsx}',
  integration: '{apps,libs}/*/src/**/*.int-spec.ts',
  api: 'apps/e2e/src/api/**/*.e2e-spec.ts',
  browser: 'apps/e2e/src/browser/**/*.e2e-spec.ts',
  rollouts: 'apps/e2e/src/rollouts/**/*.e2e-spec.ts',
};
const WEB_PROJECTS = ['apps/web/', 'apps/admin/', 'libs/web-client/', 'libs/web-ui/'];

// testMatch alone would silently skip a test file put elsewhere: refuse to run instead.
assertLayout();

// Global setups run in this process, outside Jest's resolver: @fodmap/* resolve to their sources there too
// (tsconfig.json paths), as the moduleNameMapper below does inside the tests.
const tsconfig = loadConfig(ROOT);
if (tsconfig.resultType === 'failed') throw new Error(`tsconfig.json: ${tsconfig.message}`);
register({ baseUrl: tsconfig.absoluteBaseUrl, paths: tsconfig.paths });

// Libraries resolve to their sources so tests never run against a stale build.
const moduleNameMapper = { '^@fodmap/(contracts|server|testing|web-client|web-ui)$': '<rootDir>/libs/$1/src/index.ts' };

// Server code needs decorator metadata (Nest DI, TypeORM) and class fields as the builds compile them.
const serverTransform = {
  '^.+\\.ts$': [
    '@swc/jest',
    {
      swcrc: false,
      jsc: {
        target: 'es2022',
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
        keepClassNames: true,
      },
      module: { type: 'commonjs' },
    },
  ],
};
const webTransform = {
  '^.+\\.tsx?$': [
    '@swc/jest',
    {
      swcrc: false,
      jsc: { target: 'es2022', parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } },
      module: { type: 'commonjs' },
    },
  ],
};

const server = { rootDir: ROOT, moduleNameMapper, transform: serverTransform, testEnvironment: 'node' };

/** @type {import('jest').Config} */
export default {
  projects: [
    {
      ...server,
      displayName: 'unit',
      testMatch: [`<rootDir>/${LAYOUT.server}`, `<rootDir>/${LAYOUT.manifests}`],
      testPathIgnorePatterns: ['/node_modules/', ...WEB_PROJECTS.map((path) => `<rootDir>/${path}`)],
    },
    {
      rootDir: ROOT,
      displayName: 'web-unit',
      moduleNameMapper,
      transform: webTransform,
      testEnvironment: '<rootDir>/tools/jest/jsdom-environment.mjs',
      testMatch: [`<rootDir>/${LAYOUT.web}`],
      // Promises and React's scheduling keep running while a test fakes the clock.
      fakeTimers: { doNotFake: ['nextTick', 'queueMicrotask'] },
    },
    {
      ...server,
      displayName: 'integration',
      testMatch: [`<rootDir>/${LAYOUT.integration}`],
      globalSetup: '<rootDir>/libs/testing/src/integration-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/integration-teardown.ts',
      ...timeout(60_000),
    },
    {
      ...server,
      displayName: 'api',
      testMatch: [`<rootDir>/${LAYOUT.api}`],
      globalSetup: '<rootDir>/apps/e2e/src/support/stack-setup.ts',
      globalTeardown: '<rootDir>/apps/e2e/src/support/stack-teardown.ts',
      ...timeout(60_000),
    },
    {
      ...server,
      displayName: 'browser',
      testMatch: [`<rootDir>/${LAYOUT.browser}`],
      globalSetup: '<rootDir>/apps/e2e/src/support/stack-setup.ts',
      globalTeardown: '<rootDir>/apps/e2e/src/support/stack-teardown.ts',
      ...timeout(120_000),
    },
    {
      // Rolling restarts, replicas SIGKILLed, replicas migrating at once: each test starts its own processes of the
      // built product, so no shared stack is started for them.
      ...server,
      displayName: 'rollouts',
      testMatch: [`<rootDir>/${LAYOUT.rollouts}`],
      globalSetup: '<rootDir>/apps/e2e/src/support/infrastructure-setup.ts',
      globalTeardown: '<rootDir>/apps/e2e/src/support/infrastructure-teardown.ts',
      ...timeout(60_000),
    },
  ],
};

/** A project's timeout for each test and hook (Jest's own testTimeout applies to the whole run only). */
function timeout(ms) {
  return { globals: { projectTimeoutMs: ms }, setupFilesAfterEnv: ['<rootDir>/tools/jest/project-timeout.ts'] };
}

function assertLayout() {
  const misplaced = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(spec|int-spec|e2e-spec|test)\.[cm]?[jt]sx?$/.test(entry.name) && !inLayout(relative(ROOT, full).split(sep).join('/'))) misplaced.push(relative(ROOT, full));
    }
  };
  for (const top of ['apps', 'libs', 'tools', 'k8s']) walk(join(ROOT, top));
  if (misplaced.length > 0) {
    throw new Error(
      `Test files outside the test layout (README, Tests):\n  ${misplaced.join('\n  ')}\n` +
        'Unit *.spec.ts(x) and integration *.int-spec.ts files go beside the code under the project\'s src/ (no test/ or __tests__ folders); end-to-end *.e2e-spec.ts files go in apps/e2e/src/api, apps/e2e/src/browser or apps/e2e/src/rollouts; the manifests\' *.spec.ts in k8s/.',
    );
  }
}

function inLayout(path) {
  if (path.startsWith('k8s/')) return /^k8s\/[^/]+\.spec\.ts$/.test(path);
  const [top, project, src, ...rest] = path.split('/');
  const name = rest.at(-1) ?? '';
  const besideCode = (top === 'apps' || top === 'libs') && src === 'src' && !rest.includes('__tests__') && !rest.includes('test');
  if (name.endsWith('.e2e-spec.ts')) return ['api', 'browser', 'rollouts'].some((suite) => path.startsWith(`apps/e2e/src/${suite}/`));
  if (name.endsWith('.int-spec.ts')) return besideCode && project !== 'e2e';
  if (/\.spec\.tsx?$/.test(name)) return besideCode && project !== 'e2e' && (name.endsWith('.ts') || WEB_PROJECTS.some((web) => path.startsWith(web)));
  return false;
}
