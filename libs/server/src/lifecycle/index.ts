export * from './draining';
export * from './in-flight';
export * from './shutdown';
export * from './rpc-draining';
export * from './http-draining';
