import { EventDefinitions } from '@fodmap/contracts';
import { ChildProcess, fork } from 'node:child_process';
import { resolve } from 'node:path';
import { connect, NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { ConsumerTuning, EventRelay, EventStore, ProjectionConsumer, rebuildConsumerProjection, RebuildResult } from '@fodmap/server';
import { eventually, openSchema } from '../database';
import { suitePrefix, testConfig } from '../test-environment';
import { DepositedV1, LEDGER_SOURCE, ledgerEntities, ledgerEvents, ledgerMigrations, ledgerProjection } from './ledger';

/** Short delays so that a redelivery or a standby takeover happens within a test's patience. */
export const testTuning: Partial<ConsumerTuning> = { ackWaitMs: 1_000, backoffMs: [20, 40, 80, 160], lockRetryMs: 200 };

export interface LedgerSnapshot {
  balances: Array<{ account: string; balance: string; deposits: number }>;
  applications: Array<{ position: string; applications: number }>;
}

/** A producer ("bank") and a consumer (the ledger projection) sharing one schema and one NATS prefix of a suite. */
export class Ledger {
  /** Untyped by event, so that a test can append what the ledger refuses (an unknown type, a poisoned event). */
  readonly store: EventStore;
  private readonly versions = new Map<string, number>();

  private constructor(
    readonly schema: string,
    readonly natsPrefix: string,
    readonly dataSource: DataSource,
    readonly nats: NatsConnection,
  ) {
    this.store = new EventStore<EventDefinitions>(dataSource, LEDGER_SOURCE, ledgerEvents);
  }

  static async open(suite: string): Promise<Ledger> {
    const schema = `ledger_${suite}`;
    const dataSource = await openSchema(schema, ledgerEntities, ledgerMigrations);
    const nats = await connect({ servers: testConfig().natsUrl });
    return new Ledger(schema, suitePrefix(suite), dataSource, nats);
  }

  async close(): Promise<void> {
    await this.nats.drain();
    await this.dataSource.destroy();
  }

  /** Appends `count` deposits spread over ten accounts (streams); returns the last position. */
  async deposit(count: number): Promise<number> {
    let last = 0;
    for (let i = 0; i < count; i += 1) {
      last = await this.append(`account-${i % 10}`, 'Deposited', { account: `account-${i % 10}`, amount: i + 1 } satisfies DepositedV1);
    }
    return last;
  }

  async append(streamId: string, type: string, data: unknown): Promise<number> {
    const version = this.versions.get(streamId) ?? 0;
    const { events, nextExpectedVersion } = await this.store.append(streamId, version, [{ type, schemaVersion: 1, data }], { userId: 1 });
    this.versions.set(streamId, nextExpectedVersion);
    return events[0].position;
  }

  relay(): EventRelay {
    return new EventRelay({ dataSource: this.dataSource, nats: this.nats, natsPrefix: this.natsPrefix, service: LEDGER_SOURCE, pollIntervalMs: 100 });
  }

  consumer(): ProjectionConsumer {
    return new ProjectionConsumer({ dataSource: this.dataSource, nats: this.nats, natsPrefix: this.natsPrefix, projection: ledgerProjection, tuning: testTuning });
  }

  rebuild(): Promise<RebuildResult> {
    return rebuildConsumerProjection({ dataSource: this.dataSource, nats: this.nats, natsPrefix: this.natsPrefix, projection: ledgerProjection });
  }

  async relayedPosition(): Promise<number> {
    const rows: Array<{ position: string }> = await this.dataSource.query(`SELECT max(position) AS position FROM "${this.schema}".relay_checkpoints`);
    return Number(rows[0].position ?? 0);
  }

  async appliedPosition(): Promise<number> {
    const rows: Array<{ position: string }> = await this.dataSource.query(
      `SELECT position FROM "${this.schema}".projection_checkpoints WHERE projection = $1 AND source = $2`,
      [ledgerProjection.name, LEDGER_SOURCE],
    );
    return Number(rows[0]?.position ?? 0);
  }

  /** Resolves once the projection's checkpoint has reached `position`. */
  async waitUntilApplied(position: number, timeoutMs = 30_000): Promise<void> {
    await eventually(async () => {
      const applied = await this.appliedPosition();
      if (applied < position) throw new Error(`Applied up to ${applied}, waiting for ${position}`);
    }, timeoutMs);
  }

  async waitUntilRelayed(position: number): Promise<void> {
    await eventually(async () => {
      const relayed = await this.relayedPosition();
      if (relayed < position) throw new Error(`Relayed up to ${relayed}, waiting for ${position}`);
    });
  }

  async snapshot(): Promise<LedgerSnapshot> {
    return {
      balances: await this.dataSource.query(`SELECT account, balance::text, deposits FROM "${this.schema}".ledger_balances ORDER BY account`),
      applications: await this.dataSource.query(`SELECT position::text, applications FROM "${this.schema}".ledger_applications ORDER BY position`),
    };
  }

  /** Runs a relay or consumer in a child process that kills itself with SIGKILL part-way (see ledger-worker.ts). */
  spawnWorker(role: 'relay' | 'consumer', crashAfter: number): { child: ChildProcess; exited: Promise<NodeJS.Signals | null> } {
    const child = fork(resolve(__dirname, 'ledger-worker.ts'), [role, this.schema, this.natsPrefix, String(crashAfter)], {
      execArgv: ['--import', 'tsx'],
      // tsx compiles the worker; the root tsconfig gives it legacy decorators (TypeORM) and @fodmap/* at their sources.
      env: { ...process.env, TSX_TSCONFIG_PATH: resolve(__dirname, '../../../../tsconfig.json') },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise<NodeJS.Signals | null>((done) => child.once('exit', (_code, signal) => done(signal)));
    return { child, exited };
  }
}
