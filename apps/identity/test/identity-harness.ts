import { bootstrapService, loadConfig } from '@fodmap/server';
import { INestMicroservice } from '@nestjs/common';
import { ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import { Client } from 'pg';
import { firstValueFrom } from 'rxjs';

export interface IdentityHarness {
  /** Sends a request on `<run prefix>.<name>` and resolves with the reply. */
  call<T>(name: string, payload: unknown): Promise<T>;
  /** Sends a request that must fail, and resolves with the failure body `{ status, message }`. */
  failure(name: string, payload: unknown): Promise<{ status: number; message: string }>;
  sql<Row extends object>(text: string, values?: unknown[]): Promise<Row[]>;
  stop(): Promise<void>;
}

/**
 * Boots the identity microservice in-process the way main.ts does, in the run's test database (integration-setup.ts)
 * and on a NATS prefix of this suite's own. Refuses a database whose name does not mark it as a test database.
 */
export async function startIdentity(suite: string): Promise<IdentityHarness> {
  const { databaseUrl, natsPrefix } = loadConfig();
  const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (!database.includes('test')) throw new Error(`Refusing to run integration tests against database "${database}": its name must contain "test".`);
  process.env.NATS_PREFIX = `${natsPrefix}_${suite}`;

  // Imported only now: subjects and the data source read the environment when the app's modules load.
  const { AppModule } = await import('../src/app.module');
  const app: INestMicroservice = await bootstrapService('identity', AppModule);
  const config = loadConfig();
  const client: ClientProxy = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [config.natsUrl] } });
  await client.connect();
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();

  const call = <T>(name: string, payload: unknown) => firstValueFrom(client.send<T>(`${config.natsPrefix}.${name}`, payload));
  return {
    call,
    async failure(name, payload) {
      const reply = await call<unknown>(name, payload).then(
        (value) => ({ unexpectedReply: value }),
        (error: { status: number; message: string }) => error,
      );
      if ('unexpectedReply' in reply) throw new Error(`${name} was expected to fail but answered ${JSON.stringify(reply.unexpectedReply)}`);
      return { status: reply.status, message: reply.message };
    },
    sql: async (text, values) => (await db.query(text, values)).rows,
    async stop() {
      await client.close();
      await db.end();
      await app.close();
    },
  };
}
