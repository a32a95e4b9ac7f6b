import { afterAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { SeparateRun, separateRun, SERVICES, StackProcess } from '../support/processes';

/**
 * Issue 21: a Deployment scaled to 3, or its three pods rescheduled at once, start together against one database. Every
 * replica runs its service's migrations at start-up; they must all become ready, and leave the schema one replica of
 * each makes. The services start in groups, three replicas of each at once: fifteen processes at once hold more
 * PostgreSQL connections (about 110: notifications alone 16 a replica, a lock for each projection's standby) than a
 * default server's 100. A service migrates its own schema only, so the replicas
 * of one service are the ones that race; services started together share graphile-worker's one migration channel.
 */
const REPLICAS = 3;
const GROUPS: Array<Array<(typeof SERVICES)[number]>> = [['notifications'], ['foods', 'journal'], ['identity', 'insights']];

async function connectionsTo(databaseUrl: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>('SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()');
    return Number(rows[0].count) - 1;
  } finally {
    await client.end();
  }
}

async function columns(databaseUrl: string): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ column: string }>(
      `SELECT table_schema || '.' || table_name || '.' || column_name || ' ' || data_type AS column
         FROM information_schema.columns WHERE table_schema = ANY($1) ORDER BY 1`,
      [[...SERVICES, ...SERVICES.map((service) => `${service}_jobs`)]],
    );
    return rows.map((row) => row.column);
  } finally {
    await client.end();
  }
}

/** Migrations the service's migrations table records more than once (none when each ran once). */
async function migrationsRecordedTwice(databaseUrl: string, service: string): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM "${service}".migrations GROUP BY name HAVING count(*) > 1`);
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

describe(`${REPLICAS} replicas of each service starting at once`, () => {
  let run: SeparateRun;
  let reference: SeparateRun;
  let replicas: StackProcess[] = [];

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop('SIGKILL')));
    await run?.remove();
    await reference?.remove();
  });

  /** The schema one replica of each service makes: what the replicas must leave. */
  async function singleReplicaSchema(): Promise<string[]> {
    reference = await separateRun('migrations_reference');
    replicas = SERVICES.map((service) => StackProcess.start(service, reference.env, reference.log, `${service}-reference`));
    await Promise.all(replicas.map((replica) => replica.ready));
    await stopAll();
    return columns(reference.databaseUrl);
  }

  /** Starts the replicas of each service of `group` together; returns the PostgreSQL connections they hold once ready. */
  async function startTogether(group: Array<(typeof SERVICES)[number]>, round: string): Promise<number> {
    replicas = group.flatMap((service) => Array.from({ length: REPLICAS }, (_, i) => StackProcess.start(service, run.env, run.log, `${service}-${round}-${i + 1}`)));
    await Promise.all(replicas.map((replica) => replica.ready));
    return connectionsTo(run.databaseUrl);
  }

  async function stopAll(): Promise<void> {
    const exits = await Promise.all(replicas.map((replica) => replica.stop('SIGTERM')));
    expect(exits.map(({ code, signal }) => ({ code, signal }))).toEqual(replicas.map(() => ({ code: 0, signal: null })));
    replicas = [];
  }

  it('all become ready against a fresh database, then again against the migrated one, and the schema is the one a single replica makes', async () => {
    const expected = await singleReplicaSchema();
    run = await separateRun('migrations');
    const connections: Record<string, number> = {};
    for (const round of ['fresh', 'migrated']) {
      for (const group of GROUPS) {
        connections[`${group.join('+')} ${round}`] = await startTogether(group, round);
        for (const service of group) expect(await migrationsRecordedTwice(run.databaseUrl, service)).toEqual([]);
        await stopAll();
      }
    }
    expect(await columns(run.databaseUrl)).toEqual(expected);
    console.log(`PostgreSQL connections held by ${REPLICAS} ready replicas: ${JSON.stringify(connections)}`);
  }, 240_000);
});
