import { loadInsightsConfig } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';

/**
 * A person's analyses, kept under the version of their rows (the position of the last journal event that changed
 * them), the period's first instant and the window: any change to their journal moves the version, a new day moves
 * the start, so a kept answer is always the one a fresh analysis would give. Opening Insights and switching periods
 * back and forth then reads the history and runs the statistics once per period, not per request. In memory, per
 * replica: each replica's keys are exact, so replicas never disagree, they only compute once each.
 */
@Injectable()
export class AnalysisCache {
  private readonly answers: LRUCache<string, Promise<unknown>> | null;

  /** Keeps INSIGHTS_CACHE_ENTRIES analyses (default 1,000; 0 turns the cache off). */
  constructor() {
    const max = loadInsightsConfig().cacheEntries;
    this.answers = max === 0 ? null : new LRUCache({ max });
  }

  /** The answer kept under `key`, else `compute`'s (shared by requests that arrive while it runs; a failure is not kept). */
  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.answers) return compute();
    const kept = this.answers.get(key) as Promise<T> | undefined;
    if (kept) return kept;
    const answer = compute();
    this.answers.set(key, answer);
    answer.catch(() => this.answers?.delete(key));
    return answer;
  }
}
