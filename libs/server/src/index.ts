export * from './config';
export * from './preflight';
export * from './database';
export * from './rpc';
export * from './subjects';
export * from './service-core.module';
export * from './bootstrap-service';
export * from './events';
