import { DEFAULT_DISCLAIMER } from '@fodmap/contracts';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ADVERTISER_CACHE_MS, AdvertiserPicker } from './advertiser-picker';
import { AdvertiserRow } from './advertiser-records';

const row = (id: number, priority: number, extra: Partial<AdvertiserRow> = {}): AdvertiserRow => ({
  id,
  name: `Advertiser ${id}`,
  product_name: `Product ${id}`,
  description: `Description ${id}`,
  cta_text: 'Shop now',
  cta_link: `https://shop.example/${id}`,
  sponsor_message: null,
  disclaimer_text: null,
  is_active: true,
  priority,
  created_at: new Date('2025-01-01T00:00:00Z'),
  ...extra,
});

/** Answers the active advertisers' query with `rows`, counting the queries. */
function table(rows: AdvertiserRow[]) {
  const calls = { count: 0 };
  const dataSource = { query: async () => (calls.count++, rows) } as unknown as DataSource;
  return { dataSource, calls };
}

/** A deterministic [0, 1) sequence: an even sweep, so the counts are exact rather than probable. */
function sweep(steps: number): () => number {
  let i = 0;
  return () => (i++ % steps) / steps + 0.5 / steps;
}

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('AdvertiserPicker', () => {
  it('picks by weight 1/priority: priority 1 twice as often as 2 and four times as often as 4', async () => {
    const { dataSource } = table([row(1, 1), row(2, 2), row(3, 4)]);
    const picker = new AdvertiserPicker(dataSource, 'https://fodmapjournal.app', sweep(7000));
    const counts = new Map<number, number>();
    for (let i = 0; i < 7000; i++) {
      const id = (await picker.pick())?.advertiserId;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    // Weights 1, 1/2, 1/4 of 7/4: shares 4/7, 2/7, 1/7.
    expect(Object.fromEntries(counts)).toEqual({ 1: 4000, 2: 2000, 3: 1000 });
  });

  it('gives the block the templates show: sponsor message, a counted click URL, the default disclaimer when none', async () => {
    const { dataSource } = table([row(5, 1, { sponsor_message: 'Try it', disclaimer_text: null })]);
    const block = await new AdvertiserPicker(dataSource, 'https://fodmapjournal.app/', () => 0).pick();
    expect(block).toEqual({
      advertiserId: 5,
      name: 'Advertiser 5',
      productName: 'Product 5',
      description: 'Description 5',
      sponsorMessage: 'Try it',
      ctaText: 'Shop now',
      clickUrl: 'https://fodmapjournal.app/api/sponsored/5',
      disclaimer: DEFAULT_DISCLAIMER,
    });
  });

  it('answers null when no advertiser is active', async () => {
    expect(await new AdvertiserPicker(table([]).dataSource, 'https://fodmapjournal.app').pick()).toBeNull();
  });

  it('reads the table once per cache period, and again at once after invalidate()', async () => {
    // lru-cache reads its clock from the performance object it found at load time; tie that to the faked Date.
    jest.spyOn(performance, 'now').mockImplementation(() => Date.now());
    jest.useFakeTimers();
    const { dataSource, calls } = table([row(1, 1)]);
    const picker = new AdvertiserPicker(dataSource, 'https://fodmapjournal.app', () => 0);
    await picker.pick();
    await picker.pick();
    expect(calls.count).toBe(1);
    jest.advanceTimersByTime(ADVERTISER_CACHE_MS + 1);
    await picker.pick();
    expect(calls.count).toBe(2);
    picker.invalidate();
    await picker.pick();
    expect(calls.count).toBe(3);
  });
});
