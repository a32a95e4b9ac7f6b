export * from './job';
export * from './install';
export * from './job-worker';
export * from './failed-jobs';
export * from './jobs-command';
export * from './projection-jobs';
