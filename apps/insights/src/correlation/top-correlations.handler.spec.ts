import { describe, expect, it } from '@jest/globals';
import { HistoryReader } from '../journal-history/history-reader';
import { History } from './history';
import { FOODS, syntheticHistory } from './history-fixtures';
import { TopCorrelationsHandler } from './top-correlations.handler';

/** Answers each person's history from a map, recording the period starts it was asked for. */
function fakeReader(histories: Record<number, History>, starts: Date[]): HistoryReader {
  return {
    load: async (userId: number, start: Date) => {
      starts.push(start);
      return histories[userId];
    },
  } as unknown as HistoryReader;
}

describe('TopCorrelationsHandler', () => {
  it("gives each person of the batch the first finding of their ranked list when the evidence supports it, else null", async () => {
    const starts: Date[] = [];
    // Person 1 has garlic and apple planted (strong evidence); person 2 logged nothing; person 3 only eats everyday foods.
    const handler = new TopCorrelationsHandler(fakeReader({ 1: syntheticHistory(1000, 'foods'), 2: { meals: [], symptoms: [] }, 3: { meals: syntheticHistory(1001, 'foods').meals, symptoms: [] } }, starts));

    const answers = await handler.topCorrelations({ users: [{ userId: 1, timeZone: 'Asia/Tokyo' }, { userId: 2, timeZone: 'UTC' }, { userId: 3, timeZone: 'UTC' }], period: 30 });

    expect(answers.map(({ userId }) => userId)).toEqual([1, 2, 3]);
    expect([FOODS.garlic.name, FOODS.apple.name]).toContain(answers[0].top?.foodName);
    expect(answers[0].top?.evidence).toBe('strong');
    expect(answers[0].top?.riskLabel).not.toBeNull();
    expect(answers[1].top).toBeNull();
    expect(answers[2].top).toBeNull();
    // Thirty days back, from the start of a local day.
    expect(Date.now() - starts[0].getTime()).toBeGreaterThan(29 * 86_400_000);
    expect(Date.now() - starts[0].getTime()).toBeLessThan(31 * 86_400_000);
  });
});
