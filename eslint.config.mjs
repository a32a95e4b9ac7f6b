import nx from '@nx/eslint-plugin';

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  { ignores: ['**/dist', '**/node_modules', '.nx', '**/vite.config.ts.timestamp-*'] },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    rules: {
      // A service never imports another service; the web never imports server code; the contracts import nothing of ours.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          // The test harness is built on the server lib, whose own integration tests use it: a test-only cycle.
          ignoredCircularDependencies: [['server', 'testing']],
          depConstraints: [
            { sourceTag: 'type:service', notDependOnLibsWithTags: ['type:app'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
            { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
];
