import nx from '@nx/eslint-plugin';

const testFiles = ['**/*.spec.ts', '**/*.spec.tsx', '**/*.int-spec.ts', '**/*.e2e-spec.ts'];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  { ignores: ['**/dist', '**/node_modules', '.nx', '**/vite.config.ts.timestamp-*'] },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    rules: {
      // A service or the gateway never imports another service; the web never imports server code; the contracts
      // import nothing of ours.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          // The SPAs' vite configs share the build transforms of the contracts (tools/vite: no project, no package).
          allow: ['../../tools/vite/*'],
          // The test harness is built on the server lib, whose own integration tests use it: a test-only cycle.
          ignoredCircularDependencies: [['server', 'testing']],
          depConstraints: [
            { sourceTag: 'type:service', notDependOnLibsWithTags: ['type:app'] },
            { sourceTag: 'type:gateway', notDependOnLibsWithTags: ['type:service'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
            { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Running code of the services and the gateway never loads the test harness or a tool; their tests may.
    // (A direct-import rule: the project graph has a test-only edge server -> testing, so a tag rule would flag every service.)
    files: ['apps/{gateway,identity,journal,foods,insights,notifications}/**/*.ts'],
    // Test fixtures and the offline data scripts (apps/foods/scripts: the catalogue build and its audit) never run in a service.
    ignores: [...testFiles, '**/*-fixtures.ts', 'apps/*/scripts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@fodmap/testing', '@fodmap/testing/*', '@fodmap/mailcatcher', '**/tools/**'], message: 'Services and the gateway must not import the test harness or a tool.' }] },
      ],
    },
  },
];
