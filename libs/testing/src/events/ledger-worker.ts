/**
 * A relay or a ledger projection processor in a process of its own, so that a test can kill it with SIGKILL
 * mid-batch: `ledger-worker.ts <relay|consumer> <schema> <natsPrefix> <crashAfter>`.
 * It kills itself after about `crashAfter` published events (relay) or while applying event number `crashAfter`
 * (consumer, inside the transaction); 0 runs until SIGTERM.
 */
import 'reflect-metadata';
import { connect } from 'nats';
import { DataSource } from 'typeorm';
import { EventRelay, ProjectionConsumer, serviceDataSourceOptions } from '@fodmap/server';
import { testConfig } from '../test-environment';
import { LEDGER_SOURCE, ledgerEntities, ledgerMigrations, ledgerProjection } from './ledger';

async function main(): Promise<void> {
  const [role, schema, natsPrefix, crashAfterArg] = process.argv.slice(2);
  const crashAfter = Number(crashAfterArg);
  const config = testConfig();
  const dataSource = await new DataSource(serviceDataSourceOptions(config.databaseUrl, schema, ledgerEntities, ledgerMigrations)).initialize();
  const nats = await connect({ servers: config.natsUrl });
  const crash = () => process.kill(process.pid, 'SIGKILL');

  let worker: EventRelay | ProjectionConsumer;
  if (role === 'relay') {
    worker = new EventRelay({ dataSource, nats, natsPrefix, service: LEDGER_SOURCE, batchSize: 50, pollIntervalMs: 100 });
    if (crashAfter > 0) {
      let seen = 0;
      nats.subscribe(`${natsPrefix}.events.>`, { callback: () => ++seen >= crashAfter && crash() });
    }
  } else {
    let applied = 0;
    const deposited = ledgerProjection.handlers[LEDGER_SOURCE]?.Deposited;
    if (!deposited) throw new Error('The ledger projection has no Deposited handler');
    const projection = {
      ...ledgerProjection,
      handlers: {
        [LEDGER_SOURCE]: {
          ...ledgerProjection.handlers[LEDGER_SOURCE],
          Deposited: async (...args: Parameters<typeof deposited>) => {
            await deposited(...args);
            if (++applied === crashAfter) crash();
          },
        },
      },
    };
    worker = new ProjectionConsumer({ dataSource, nats, natsPrefix, projection, tuning: { ackWaitMs: 1_000, lockRetryMs: 200 } });
  }
  worker.start();
  process.once('SIGTERM', () => {
    void worker.stop().then(() => Promise.all([nats.drain(), dataSource.destroy()]));
  });
  process.send?.('started');
}

void main();
