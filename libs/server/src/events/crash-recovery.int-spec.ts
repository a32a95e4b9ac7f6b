import { Ledger } from '@fodmap/testing';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { EventRelay } from './relay';
import { ProjectionConsumer } from './projection-consumer';
import { RebuildResult } from './rebuild';

/** Relays and processors run in child processes here, killed with SIGKILL part-way through a batch. */
describe('recovery from a process killed mid-batch', () => {
  let ledger: Ledger;
  let relay: EventRelay | undefined;
  let consumer: ProjectionConsumer | undefined;
  let suite = 0;

  beforeEach(async () => {
    ledger = await Ledger.open(`crash${++suite}`);
  });

  afterEach(async () => {
    await consumer?.stop();
    await relay?.stop();
    consumer = relay = undefined;
    await ledger?.close();
  });

  async function expectEqualToFullRebuild(events: number): Promise<void> {
    const live = await ledger.snapshot();
    expect(live.applications).toHaveLength(events);
    expect(live.applications.every((row) => row.applications === 1)).toBe(true);
    const rebuilt = await ledger.rebuild();
    expect(rebuilt.events).toBe(events);
    expect(await ledger.snapshot()).toEqual(live);
  }

  it('leaves the projection equal to a full rebuild after the relay is killed mid-batch and restarted', async () => {
    const last = await ledger.deposit(1000);
    const worker = ledger.spawnWorker('relay', 230);
    expect(await worker.exited).toBe('SIGKILL');
    const relayed = await ledger.relayedPosition();
    expect(relayed).toBeLessThan(last);

    relay = ledger.relay();
    relay.start();
    consumer = ledger.consumer();
    consumer.start();
    await ledger.waitUntilApplied(last);

    await expectEqualToFullRebuild(1000);
  });

  it('leaves the projection equal to a full rebuild after its processor is killed mid-batch and restarted', async () => {
    relay = ledger.relay();
    relay.start();
    const last = await ledger.deposit(1000);
    await ledger.waitUntilRelayed(last);
    const worker = ledger.spawnWorker('consumer', 400);
    expect(await worker.exited).toBe('SIGKILL');
    const applied = await ledger.appliedPosition();
    expect(applied).toBeGreaterThan(0);
    expect(applied).toBeLessThan(last);

    // Its last event was delivered but never acked: JetStream hands it out again after ack_wait.
    consumer = ledger.consumer();
    consumer.start();
    await ledger.waitUntilApplied(last);

    await expectEqualToFullRebuild(1000);
  });

  it('rebuilds while events keep coming and the live processor runs, which then carries on from where the rebuild ended', async () => {
    relay = ledger.relay();
    relay.start();
    consumer = ledger.consumer();
    consumer.start();
    await ledger.waitUntilApplied(await ledger.deposit(300));

    let rebuilt: RebuildResult | undefined;
    const rebuilding = ledger.rebuild().then((result) => (rebuilt = result));
    let written = 300;
    while (!rebuilt) {
      await ledger.deposit(1);
      written += 1;
    }
    await rebuilding;
    const last = await ledger.deposit(50);
    await ledger.waitUntilApplied(last);

    expect(rebuilt?.positions.bank).toBeLessThan(last);
    await expectEqualToFullRebuild(written + 50);
  });
});
