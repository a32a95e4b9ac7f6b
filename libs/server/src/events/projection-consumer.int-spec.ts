import { randomUUID } from 'node:crypto';
import { eventually, Ledger, ledgerEvents, LEDGER_SOURCE, testTuning } from '@fodmap/testing';
import { Causation, currentCausation } from './correlation';
import { defineProjection } from './projection';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { encodeEvent, eventHeaders, eventStreamName, eventSubject } from './jetstream';
import { EventRelay } from './relay';
import { ProjectionConsumer } from './projection-consumer';

describe('ProjectionConsumer', () => {
  let ledger: Ledger;
  let relay: EventRelay;
  let consumer: ProjectionConsumer | undefined;

  beforeAll(async () => {
    ledger = await Ledger.open('consumer');
    relay = ledger.relay();
    relay.start();
  });

  afterAll(async () => {
    await consumer?.stop();
    await relay?.stop();
    await ledger?.close();
  });

  it('applies all 1,000 events written while it was stopped, once each, after it starts', async () => {
    const last = await ledger.deposit(1000);
    await ledger.waitUntilRelayed(last);

    consumer = ledger.consumer();
    consumer.start();
    await ledger.waitUntilApplied(last);

    const { balances, applications } = await ledger.snapshot();
    expect(applications).toHaveLength(1000);
    expect(applications.every((row) => row.applications === 1)).toBe(true);
    expect(balances.reduce((sum, row) => sum + row.deposits, 0)).toBe(1000);
    expect(balances.reduce((sum, row) => sum + Number(row.balance), 0)).toBe((1000 * 1001) / 2);
  });

  it('applies an event delivered twice only once', async () => {
    const position = await ledger.append('account-twice', 'Deposited', { account: 'account-twice', amount: 10 });
    await ledger.waitUntilApplied(position);
    const [event] = await ledger.store.readStream('account-twice');
    const js = ledger.nats.jetstream();
    const subject = eventSubject(ledger.natsPrefix, LEDGER_SOURCE, event.type, event.data);
    const stream = eventStreamName(ledger.natsPrefix);
    const before = (await (await ledger.nats.jetstreamManager()).streams.info(stream)).state.messages;

    // The relay republishing within the duplicate window: JetStream drops it by its Nats-Msg-Id.
    const deduplicated = await js.publish(subject, encodeEvent(event), { msgID: event.eventId, headers: eventHeaders(LEDGER_SOURCE, event) });
    // A republish after the window has passed: it reaches the consumer, which skips it by position.
    await js.publish(subject, encodeEvent(event), { msgID: randomUUID(), headers: eventHeaders(LEDGER_SOURCE, event) });
    const after = await ledger.append('account-twice', 'Deposited', { account: 'account-twice', amount: 5 });
    await ledger.waitUntilApplied(after);

    expect(deduplicated.duplicate).toBe(true);
    expect((await (await ledger.nats.jetstreamManager()).streams.info(stream)).state.messages).toBe(before + 2);
    const { balances, applications } = await ledger.snapshot();
    expect(balances.find((row) => row.account === 'account-twice')).toEqual({ account: 'account-twice', balance: '15', deposits: 2 });
    expect(applications.find((row) => Number(row.position) === position)).toEqual({ position: String(position), applications: 1 });
  });

  it('dead-letters a poison event after five deliveries with backoff, and goes on with the events behind it', async () => {
    const poison = await ledger.append('account-poison', 'Poisoned', { account: 'account-poison' });
    const behind = await ledger.append('account-poison', 'Deposited', { account: 'account-poison', amount: 3 });

    await ledger.waitUntilApplied(behind);

    const letters = await ledger.dataSource.query(`SELECT projection, source, position::int, type, attempts, error FROM "${ledger.schema}".dead_letters`);
    expect(letters).toEqual([
      { projection: 'ledger', source: LEDGER_SOURCE, position: poison, type: 'Poisoned', attempts: 5, error: 'This event cannot be applied' },
    ]);
    const { balances } = await ledger.snapshot();
    expect(balances.find((row) => row.account === 'account-poison')).toEqual({ account: 'account-poison', balance: '3', deposits: 1 });
  });

  it('applies the events of a source in order while one of them fails and is retried: those behind it wait', async () => {
    await ledger.append('account-order', 'Deposited', { account: 'account-order', amount: 1 });
    const doubled = await ledger.append('account-order', 'Doubled', { account: 'account-order', failures: 2 });
    const behind = await ledger.append('account-order', 'Deposited', { account: 'account-order', amount: 3 });

    await ledger.waitUntilApplied(behind);

    // (1 × 2) + 3: applied after the deposit before it and before the one behind it, once.
    const { balances, applications } = await ledger.snapshot();
    expect(balances.find((row) => row.account === 'account-order')).toEqual({ account: 'account-order', balance: '5', deposits: 2 });
    expect(applications.find((row) => Number(row.position) === doubled)).toEqual({ position: String(doubled), applications: 1 });
    expect(await ledger.dataSource.query(`SELECT 1 FROM "${ledger.schema}".dead_letters WHERE position = $1`, [doubled])).toEqual([]);
  });

  it('dead-letters at once, with the reason, an event type it neither handles nor ignores, and goes on', async () => {
    const unknown = await ledger.append('account-unknown', 'Unknown', {});
    const behind = await ledger.append('account-unknown', 'Deposited', { account: 'account-unknown', amount: 4 });

    await ledger.waitUntilApplied(behind);

    const letters = await ledger.dataSource.query(`SELECT type, attempts, error FROM "${ledger.schema}".dead_letters WHERE position = $1`, [unknown]);
    expect(letters).toEqual([{ type: 'Unknown', attempts: 1, error: `ledger has no handler for Unknown of ${LEDGER_SOURCE}, nor lists it as ignored` }]);
  });

  it('resumes from the PostgreSQL checkpoint: after a restore to an earlier point the later events are applied again, once', async () => {
    const schema = `"${ledger.schema}"`;
    const before = await ledger.append('account-restore', 'Deposited', { account: 'account-restore', amount: 1 });
    await ledger.waitUntilApplied(before);
    // A backup of the consumer's side: projection tables and checkpoint as they are now.
    for (const table of ['ledger_balances', 'ledger_applications', 'projection_checkpoints']) {
      await ledger.dataSource.query(`CREATE TABLE ${schema}.backup_${table} AS TABLE ${schema}.${table}`);
    }
    let last = 0;
    for (let amount = 2; amount <= 6; amount += 1) last = await ledger.append('account-restore', 'Deposited', { account: 'account-restore', amount });
    await ledger.waitUntilApplied(last);
    await consumer?.stop();

    // The restore: NATS still holds the acks of the five later events, the database no longer knows them.
    for (const table of ['ledger_balances', 'ledger_applications', 'projection_checkpoints']) {
      await ledger.dataSource.query(`DELETE FROM ${schema}.${table}`);
      await ledger.dataSource.query(`INSERT INTO ${schema}.${table} SELECT * FROM ${schema}.backup_${table}`);
    }
    expect(await ledger.appliedPosition()).toBe(before);
    consumer = ledger.consumer();
    consumer.start();
    await ledger.waitUntilApplied(last);

    const { balances, applications } = await ledger.snapshot();
    expect(balances.find((row) => row.account === 'account-restore')).toEqual({ account: 'account-restore', balance: '21', deposits: 6 });
    expect(applications.every((row) => row.applications === 1)).toBe(true);
  });

  it("runs a handler inside its event's causation: the request's correlation id, the event's id as cause", async () => {
    const seen: Array<Causation | undefined> = [];
    const tracing = defineProjection({
      name: 'ledger_causation',
      tables: [],
      events: { [LEDGER_SOURCE]: ledgerEvents },
      handlers: { [LEDGER_SOURCE]: { Deposited: async () => void seen.push(currentCausation()) } },
      ignores: { [LEDGER_SOURCE]: ['Poisoned', 'Unknown'] },
    });
    const tracer = new ProjectionConsumer({ dataSource: ledger.dataSource, nats: ledger.nats, natsPrefix: ledger.natsPrefix, projection: tracing, tuning: testTuning });
    const { events } = await ledger.store.append('account-traced', 0, [{ type: 'Deposited', schemaVersion: 1, data: { account: 'account-traced', amount: 1 } }], { correlationId: 'request-42' });
    tracer.start();
    try {
      await eventually(async () => expect(seen.at(-1)).toEqual({ correlationId: 'request-42', causationId: events[0].eventId }));
    } finally {
      await tracer.stop();
    }
  });

  it('lets a second processor of the same projection stand by until the first stops', async () => {
    const standby = ledger.consumer();
    standby.start();
    const position = await ledger.append('account-standby', 'Deposited', { account: 'account-standby', amount: 1 });
    await ledger.waitUntilApplied(position);

    await consumer?.stop();
    consumer = standby;
    const next = await ledger.append('account-standby', 'Deposited', { account: 'account-standby', amount: 2 });
    await ledger.waitUntilApplied(next);

    await eventually(async () => {
      const { balances } = await ledger.snapshot();
      expect(balances.find((row) => row.account === 'account-standby')).toEqual({ account: 'account-standby', balance: '3', deposits: 2 });
    });
  });

  it('reads a stream created again from its start: the checkpoint’s sequence belongs to the lost stream', async () => {
    const before = await ledger.append('account-lost', 'Deposited', { account: 'account-lost', amount: 1 });
    await ledger.waitUntilApplied(before);
    await consumer?.stop();
    await relay.stop();
    const [{ stream_sequence }] = await ledger.dataSource.query(`SELECT stream_sequence FROM "${ledger.schema}".projection_checkpoints`);
    expect(Number(stream_sequence)).toBeGreaterThan(1000);

    // NATS loses its data: the relay creates the stream again, numbered from 1, with the events written since.
    await (await ledger.nats.jetstreamManager()).streams.delete(eventStreamName(ledger.natsPrefix));
    relay = ledger.relay();
    relay.start();
    await ledger.append('account-lost', 'Deposited', { account: 'account-lost', amount: 2 });
    const last = await ledger.append('account-lost', 'Deposited', { account: 'account-lost', amount: 3 });
    await ledger.waitUntilRelayed(last);

    consumer = ledger.consumer();
    consumer.start();
    await ledger.waitUntilApplied(last);
    const { balances, applications } = await ledger.snapshot();
    expect(balances.find((row) => row.account === 'account-lost')).toEqual({ account: 'account-lost', balance: '6', deposits: 3 });
    expect(applications.every((row) => row.applications === 1)).toBe(true);
  });
});
