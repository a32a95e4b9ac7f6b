import { InsightsMessages } from '@fodmap/contracts';
import { loadInsightsConfig, rpcFailure } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';

/**
 * The most analyses kept for one person: every period and preset window of both analyses (4 × 4 × 2) of their journal
 * as it is now, so switching back and forth on Insights is always answered from here.
 */
export const ANALYSES_PER_PERSON = 32;

/**
 * A person's analyses, kept under the version of their rows (the position of the last journal event that changed
 * them), the period's first instant and the window: any change to their journal moves the version, a new day moves
 * the start, so a kept answer is always the one a fresh analysis would give. Opening Insights and switching periods
 * back and forth then reads the history and runs the statistics once per period, not per request. In memory, per
 * replica: each replica's keys are exact, so replicas never disagree, they only compute once each.
 *
 * Issue 20: one person holds at most ANALYSES_PER_PERSON entries, their oldest going first: a person writing and
 * reading in a loop churns their own entries, never everyone else's. And one person has at most
 * INSIGHTS_ANALYSES_PER_MINUTE fresh analyses a minute (a 429 with Retry-After after that; kept answers still come):
 * counted per replica, like the cache it protects, in the minute of the clock, so the counts of the past minutes go.
 */
@Injectable()
export class AnalysisCache {
  private readonly answers: LRUCache<string, Promise<unknown>> | null;
  /** Each person's kept keys, oldest first, and whose each key is. */
  private readonly keysOf = new Map<number, Set<string>>();
  private readonly ownerOf = new Map<string, number>();
  private readonly perMinute: number;
  /** The fresh analyses of each person in the current clock minute. */
  private fresh = { minute: 0, counts: new Map<number, number>() };

  /** Keeps INSIGHTS_CACHE_ENTRIES analyses (default 1,000; 0 turns the cache off). */
  constructor() {
    const { cacheEntries: max, analysesPerMinute } = loadInsightsConfig();
    this.perMinute = analysesPerMinute;
    this.answers = max === 0 ? null : new LRUCache({ max, dispose: (_answer, key) => this.forget(key) });
  }

  /** The answer kept under `key`, else `compute`'s (shared by requests that arrive while it runs; a failure is not kept). */
  get<T>(userId: number, key: string, compute: () => Promise<T>): Promise<T> {
    const kept = this.answers?.get(key) as Promise<T> | undefined;
    if (kept) return kept;
    this.countFresh(userId);
    const answer = compute();
    if (!this.answers) return answer;
    const keys = this.keysOf.get(userId) ?? new Set<string>();
    if (keys.size >= ANALYSES_PER_PERSON) this.answers.delete(keys.values().next().value as string);
    this.answers.set(key, answer);
    this.keysOf.set(userId, keys.add(key));
    this.ownerOf.set(key, userId);
    answer.catch(() => this.answers?.delete(key));
    return answer;
  }

  /** Counts one fresh analysis of the person's, or refuses it with 429 until the next minute. */
  private countFresh(userId: number): void {
    if (this.perMinute === 0) return;
    const now = Date.now();
    const minute = Math.floor(now / 60_000);
    if (this.fresh.minute !== minute) this.fresh = { minute, counts: new Map() };
    const count = this.fresh.counts.get(userId) ?? 0;
    if (count >= this.perMinute) {
      const wait = Math.ceil(((minute + 1) * 60_000 - now) / 1000);
      throw rpcFailure(429, InsightsMessages.tooManyAnalyses(wait), wait);
    }
    this.fresh.counts.set(userId, count + 1);
  }

  /** An entry gone from the cache (dropped by the LRU, or deleted) is gone from its person's keys. */
  private forget(key: string): void {
    const userId = this.ownerOf.get(key);
    if (userId === undefined) return;
    this.ownerOf.delete(key);
    const keys = this.keysOf.get(userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysOf.delete(userId);
  }
}
