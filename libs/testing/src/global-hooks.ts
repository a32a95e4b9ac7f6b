type Teardown = () => Promise<void>;

const TEARDOWNS = Symbol.for('@fodmap/testing/teardowns');
type WithTeardowns = typeof globalThis & { [TEARDOWNS]?: Map<string, Teardown> };

/** Jest runs globalSetup and globalTeardown as two modules of one process: the setup leaves its clean-up here. */
export function keepTeardown(name: string, teardown: Teardown): void {
  const store = globalThis as WithTeardowns;
  store[TEARDOWNS] ??= new Map();
  store[TEARDOWNS].set(name, teardown);
}

/** Runs and forgets the clean-up that `keepTeardown` kept under this name (none when its setup failed). */
export async function runTeardown(name: string): Promise<void> {
  const teardowns = (globalThis as WithTeardowns)[TEARDOWNS];
  const teardown = teardowns?.get(name);
  teardowns?.delete(name);
  await teardown?.();
}
