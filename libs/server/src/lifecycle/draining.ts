/**
 * Whether this process is shutting down. Set once, on SIGTERM (shutdown.ts), before anything stops: the gateway refuses
 * new requests from then on and its readiness turns false, so a load balancer sends work to the other replicas while
 * this one finishes what it holds.
 */
type DrainListener = () => void;

let draining = false;
const listeners = new Set<DrainListener>();

export function isDraining(): boolean {
  return draining;
}

/** Calls `listener` when draining starts (at once if it has); returns what removes it. */
export function onDraining(listener: DrainListener): () => void {
  if (draining) {
    listener();
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function startDraining(): void {
  if (draining) return;
  draining = true;
  for (const listener of listeners) listener();
  listeners.clear();
}
