/** Entries kept per cache before it starts again from empty: a bound on memory, far above one replica's active people. */
const MAX_ENTRIES = 10_000;

/**
 * Answers a gateway reuses for a person for a few seconds, keyed by user id: an expired entry is never returned, and
 * the map is cleared when full rather than grown.
 */
export class ShortLivedCache<V> {
  private readonly entries = new Map<number, { value: V; until: number }>();

  constructor(private readonly ttlMs: number) {}

  get(userId: number): V | undefined {
    const entry = this.entries.get(userId);
    if (entry && entry.until > Date.now()) return entry.value;
    if (entry) this.entries.delete(userId);
    return undefined;
  }

  set(userId: number, value: V): V {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(userId, { value, until: Date.now() + this.ttlMs });
    return value;
  }

  forget(userId: number): void {
    this.entries.delete(userId);
  }

  forgetAll(): void {
    this.entries.clear();
  }
}
