export * from './test-environment';
export * from './database';
export * from './services';
export * from './producer';
export * from './events/ledger';
export * from './events/ledger-harness';
export * from './infrastructure';
export * from './global-hooks';
