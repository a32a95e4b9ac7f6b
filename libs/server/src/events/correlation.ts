import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Why something happens, carried through one piece of work: the HTTP request's correlation id (gateway), the RPC
 * handling it (services), the events it appends (metadata) and the work those events cause (consumers, emails).
 */
export interface Causation {
  correlationId: string;
  /** The event whose handling caused this work; null for work a request started. */
  causationId: string | null;
}

/** The NATS header a request carries its correlation id in. */
export const CORRELATION_HEADER = 'X-Correlation-Id';

const storage = new AsyncLocalStorage<Causation>();

export function currentCausation(): Causation | undefined {
  return storage.getStore();
}

export function withCausation<T>(causation: Causation, work: () => T): T {
  return storage.run(causation, work);
}

/** A client-supplied id is kept only if it is short and plain, so it cannot smuggle anything into logs or headers. */
export function saneCorrelationId(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9._:-]{1,100}$/.test(value) ? value : null;
}
