/**
 * The integration-test tools. They live outside the Nx projects, so tests load this file by path
 * (`await import(resolve(...))`, typed with `typeof import(...)`), which the module-boundary lint allows.
 */
export * from './test-environment';
export * from './database';
export * from './services';
export * from './events/ledger';
export * from './events/ledger-harness';
