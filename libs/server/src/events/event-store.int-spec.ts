import { Ledger } from '@fodmap/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { StreamVersionConflictError } from './event-store';

describe('EventStore', () => {
  let ledger: Ledger;

  beforeAll(async () => {
    ledger = await Ledger.open('store');
  });

  afterAll(async () => {
    await ledger?.close();
  });

  it('lets one of two concurrent appends at the same expected version win and rejects the other with a 409 conflict', async () => {
    const deposit = (amount: number) =>
      ledger.store.append('account-race', 0, [{ type: 'Deposited', schemaVersion: 1, data: { account: 'account-race', amount } }], { userId: 1 });

    const results = await Promise.allSettled([deposit(1), deposit(2)]);

    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].reason).toBeInstanceOf(StreamVersionConflictError);
    expect(lost[0].reason.getError()).toEqual({ status: 409, message: expect.stringContaining('account-race was changed by another request') });
    const stream = await ledger.store.readStream('account-race');
    expect(stream.map((event) => event.streamVersion)).toEqual([1]);
  });

  it('reads a stream back in version order with the metadata it was appended with', async () => {
    await ledger.store.append('account-read', 0, [
      { type: 'Deposited', schemaVersion: 1, data: { account: 'account-read', amount: 5 } },
      { type: 'Deposited', schemaVersion: 1, data: { account: 'account-read', amount: 7 } },
    ], { userId: 42, correlationId: 'c0ffee00-0000-4000-8000-000000000001' });

    const stream = await ledger.store.readStream('account-read');

    expect(stream.map((event) => [event.streamVersion, event.data])).toEqual([
      [1, { account: 'account-read', amount: 5 }],
      [2, { account: 'account-read', amount: 7 }],
    ]);
    expect(stream[0].metadata).toMatchObject({ userId: 42, correlationId: 'c0ffee00-0000-4000-8000-000000000001', causationId: null });
    expect(stream[1].position).toBeGreaterThan(stream[0].position);
  });

  it('stores no event when its inline projection fails, because both share one transaction', async () => {
    const failing = ledger.store.append('account-atomic', 0, [{ type: 'Deposited', schemaVersion: 1, data: { account: 'account-atomic', amount: 1 } }], {}, async () => {
      throw new Error('projection failed');
    });

    await expect(failing).rejects.toThrow('projection failed');
    expect(await ledger.store.readStream('account-atomic')).toEqual([]);
  });

  it('lands concurrent appends to many streams, each with its own outcome, when one of them fails', async () => {
    const seen: Array<[string, number]> = [];
    const deposit = (i: number) =>
      ledger.store.append(`account-group-${i}`, 0, [{ type: 'Deposited', schemaVersion: 1, data: { account: `account-group-${i}`, amount: i } }], { userId: 1 }, async (_manager, stored) => {
        if (i === 3) throw new Error('projection of 3 failed');
        seen.push([stored[0].streamId, stored[0].position]);
      });

    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => deposit(i)));

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect((results[3] as PromiseRejectedResult).reason).toEqual(new Error('projection of 3 failed'));
    expect(await ledger.store.readStream('account-group-3')).toEqual([]);
    for (const i of [0, 1, 2, 4, 5, 6, 7]) {
      const [event] = await ledger.store.readStream(`account-group-${i}`);
      expect(event.data).toEqual({ account: `account-group-${i}`, amount: i });
      expect(seen.filter(([stream]) => stream === `account-group-${i}`).at(-1)?.[1]).toBe(event.position);
    }
  });
});
