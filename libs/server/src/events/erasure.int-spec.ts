import { eventually, LEDGER_SOURCE, Ledger } from '@fodmap/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NatsConnection } from 'nats';
import { eraseEventsOf } from './erasure';
import { eventStreamName } from './jetstream';
import { EventRelay } from './relay';

/** The userId of every message of the run's stream, in stream order. */
async function ownersInStream(ledger: Ledger): Promise<number[]> {
  const jsm = await ledger.nats.jetstreamManager();
  const stream = eventStreamName(ledger.natsPrefix);
  const { state } = await jsm.streams.info(stream);
  const owners: number[] = [];
  for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq++) {
    const message = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
    if (message) owners.push((JSON.parse(new TextDecoder().decode(message.data)) as { data: { userId: number } }).data.userId);
  }
  return owners;
}

/** A relay whose every publish takes a few milliseconds: a batch is long enough for an erasure to land inside it. */
function slowRelay(ledger: Ledger): EventRelay {
  const nats = {
    jetstreamManager: () => ledger.nats.jetstreamManager(),
    jetstream: () => {
      const js = ledger.nats.jetstream();
      return { publish: async (...args: Parameters<typeof js.publish>) => (await new Promise((r) => setTimeout(r, 5)), js.publish(...args)) };
    },
  } as unknown as NatsConnection;
  return new EventRelay({ dataSource: ledger.dataSource, nats, natsPrefix: ledger.natsPrefix, service: LEDGER_SOURCE, pollIntervalMs: 100 });
}

async function messagesInStream(ledger: Ledger): Promise<number> {
  return (await (await ledger.nats.jetstreamManager()).streams.info(eventStreamName(ledger.natsPrefix))).state.messages;
}

describe('eraseEventsOf (issue 20)', () => {
  let ledger: Ledger;
  let relay: EventRelay | undefined;

  beforeAll(async () => {
    ledger = await Ledger.open('erasure');
  });

  afterAll(async () => {
    await relay?.stop();
    await ledger?.close();
  });

  it('leaves no message of the person in the stream, even when erased while the relay is publishing their events', async () => {
    const [erased, kept] = [7, 8];
    let last = 0;
    for (let i = 0; i < 300; i++) {
      const userId = i % 2 === 0 ? erased : kept;
      last = await ledger.append(`account-${userId}`, 'Deposited', { account: `account-${userId}`, amount: i, userId });
    }
    relay = slowRelay(ledger);
    relay.start();
    // The relay has read all 300 in one batch and is part-way through publishing them: the erasure lands inside it.
    await eventually(async () => expect(await messagesInStream(ledger)).toBeGreaterThan(20));
    await ledger.dataSource.transaction((manager) =>
      eraseEventsOf({ manager, schema: ledger.schema, nats: ledger.nats, natsPrefix: ledger.natsPrefix, service: LEDGER_SOURCE, userId: erased }),
    );
    const after = await ledger.append(`account-${kept}`, 'Deposited', { account: `account-${kept}`, amount: 1, userId: kept });
    await ledger.waitUntilRelayed(after);
    expect(last).toBeLessThan(after);

    const owners = await ownersInStream(ledger);
    expect(owners.filter((owner) => owner === erased)).toEqual([]);
    expect(owners.filter((owner) => owner === kept)).toHaveLength(151);
    const [{ count }] = await ledger.dataSource.query(`SELECT count(*)::int AS count FROM "${ledger.schema}".events WHERE data->>'userId' = $1`, [String(erased)]);
    expect(count).toBe(0);
  });
});
