export * from './logger';
export * from './metrics';
export * from './ops-server';
export * from './readiness';
export * from './rpc-observer';
export * from './tracing';
export * from './observability';
