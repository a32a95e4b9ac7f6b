/** A check readiness asks: true (or a promise of true) when what it watches answers. */
export type ReadinessCheck = () => boolean | Promise<boolean>;

/** How long one check may take before it counts as down: a probe must answer before Kubernetes' own timeout. */
const CHECK_TIMEOUT_MS = 2_000;

export interface ReadinessReport {
  ready: boolean;
  /** Each check by name: up or down. */
  checks: Record<string, 'up' | 'down'>;
}

/**
 * What `GET /health/ready` on the ops port asks (ops-server.ts): every registered check must be true. The process's
 * parts register their own (PostgreSQL and NATS in every service, Redis in the gateway, the consumers, and the
 * lifecycle's 'draining' that turns false on SIGTERM), so a new dependency adds its check where it is connected.
 */
export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();

  /** Adds (or replaces) a check; returns the function that removes it. */
  register(name: string, check: ReadinessCheck): () => void {
    this.checks.set(name, check);
    return () => {
      if (this.checks.get(name) === check) this.checks.delete(name);
    };
  }

  async report(): Promise<ReadinessReport> {
    const entries = await Promise.all([...this.checks].map(async ([name, check]) => [name, (await passes(check)) ? 'up' : 'down'] as const));
    return { ready: entries.every(([, state]) => state === 'up'), checks: Object.fromEntries(entries) };
  }
}

async function passes(check: ReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS)));
  try {
    return (await Promise.race([Promise.resolve().then(check), timeout])) === true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The process's one readiness: what its ops server reports. */
export const readiness = new Readiness();
