import { Ledger, LEDGER_SOURCE, ledgerProjection } from '@fodmap/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DeadLetters } from './dead-letters';
import { Projection } from './projection';
import { ProjectionConsumer } from './projection-consumer';
import { EventRelay } from './relay';

describe('DeadLetters', () => {
  let ledger: Ledger;
  let relay: EventRelay;
  let consumer: ProjectionConsumer;

  beforeAll(async () => {
    ledger = await Ledger.open('dead_letters');
    relay = ledger.relay();
    relay.start();
    consumer = ledger.consumer();
    consumer.start();
  });

  afterAll(async () => {
    await consumer?.stop();
    await relay?.stop();
    await ledger?.close();
  });

  /** The ledger after a fix: it now deposits what an Unknown event carries. */
  const fixed: Projection = {
    ...ledgerProjection,
    handlers: {
      [LEDGER_SOURCE]: {
        ...ledgerProjection.handlers[LEDGER_SOURCE],
        Unknown: async (context, event) => {
          await ledgerProjection.handlers[LEDGER_SOURCE]?.Deposited?.(context, { ...event, type: 'Deposited', data: { account: 'account-replay', amount: 10 } });
        },
      },
    },
  };

  it('lists dead letters and, after the fix, replays one into the live tables and removes it', async () => {
    const unknown = await ledger.append('account-replay', 'Unknown', {});
    await ledger.waitUntilApplied(await ledger.append('account-replay', 'Deposited', { account: 'account-replay', amount: 1 }));

    const before = new DeadLetters(ledger.dataSource, [ledgerProjection]);
    const [letter] = await before.list();
    expect(letter).toMatchObject({ projection: 'ledger', source: LEDGER_SOURCE, position: unknown, type: 'Unknown', attempts: 1 });
    // Without the fix the replay fails again, and the letter stays with one more attempt.
    expect(await before.replay(letter.id)).toEqual({ id: letter.id, replayed: false, error: expect.stringContaining('no handler for Unknown') });
    expect((await before.list())[0]).toMatchObject({ id: letter.id, attempts: 2 });

    expect(await new DeadLetters(ledger.dataSource, [fixed]).replay(letter.id)).toEqual({ id: letter.id, replayed: true });

    expect(await before.list()).toEqual([]);
    const { balances } = await ledger.snapshot();
    expect(balances.find((row) => row.account === 'account-replay')).toEqual({ account: 'account-replay', balance: '11', deposits: 2 });
  });

  it('replays all letters, reporting the ones that still fail', async () => {
    const poisoned = await ledger.append('account-all', 'Poisoned', { account: 'account-all' });
    await ledger.append('account-all', 'Unknown', {});
    await ledger.waitUntilApplied(await ledger.append('account-all', 'Deposited', { account: 'account-all', amount: 1 }));

    const outcomes = await new DeadLetters(ledger.dataSource, [fixed]).replayAll();

    expect(outcomes.map((outcome) => outcome.replayed)).toEqual([false, true]);
    expect(await new DeadLetters(ledger.dataSource, [fixed]).list()).toEqual([expect.objectContaining({ position: poisoned, error: 'This event cannot be applied' })]);
  });
});
