import { eventually, Ledger, testConfig } from '@fodmap/testing';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventRelay } from './relay';

describe('EventRelay', () => {
  let ledger: Ledger;
  let relay: EventRelay;

  beforeAll(async () => {
    ledger = await Ledger.open('relay');
    relay = ledger.relay();
    relay.start();
  });

  afterAll(async () => {
    await relay?.stop();
    await ledger?.close();
  });

  it('is not held back by a long-open writing transaction in another schema', async () => {
    const other = new Client({ connectionString: testConfig().databaseUrl });
    await other.connect();
    try {
      await other.query('CREATE SCHEMA IF NOT EXISTS relay_bystander');
      await other.query('CREATE TABLE IF NOT EXISTS relay_bystander.notes (id serial PRIMARY KEY, body text)');
      await other.query('BEGIN');
      // A write gives the transaction an id: it stays the oldest in flight in the whole cluster until it ends.
      await other.query("INSERT INTO relay_bystander.notes (body) VALUES ('still open')");

      const position = await ledger.append('account-open', 'Deposited', { account: 'account-open', amount: 1 });
      await ledger.waitUntilRelayed(position);
      expect(await ledger.relayedPosition()).toBe(position);
    } finally {
      await other.query('ROLLBACK').catch(() => undefined);
      await other.end();
    }
  });

  it('keeps a standby relay waiting on one connection, which takes over when the active one stops', async () => {
    const standby = ledger.relay();
    standby.start();
    const lockWaiters = () =>
      ledger.dataSource.query<Array<{ pid: number; backend_start: Date }>>(
        `SELECT pid, backend_start FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
        [`fodmap-lock ${ledger.schema}.relay`],
      );
    const [waiting] = await eventually(async () => {
      const rows = await lockWaiters();
      expect(rows).toHaveLength(1);
      return rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await lockWaiters()).toEqual([waiting]);

    await relay.stop();
    relay = standby;
    const position = await ledger.append('account-standby', 'Deposited', { account: 'account-standby', amount: 1 });
    await ledger.waitUntilRelayed(position);
  });
});
