import { afterAll, beforeAll } from '@jest/globals';
import { Rpc, User } from '@fodmap/contracts';
import { ServiceCaller, startService } from '@fodmap/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module';

/** The identity service one integration test file runs against, and what its tests ask of it. */
export interface IdentityUnderTest {
  /** The running service (its providers, for a test that calls one directly). */
  readonly app: INestMicroservice;
  /** Speaks to identity over NATS as the gateway does. */
  readonly services: ServiceCaller;
  sql<Row>(text: string, values?: unknown[]): Promise<Row[]>;
}

/**
 * Starts identity in-process before the file's tests and stops it after them. `env()` is read just before it starts
 * (its configuration is read then; a value undefined is removed) and what it changed is put back once it has stopped.
 * A file that starts something the service needs first (a fake Stripe) does so in a `beforeAll` of its own, declared
 * before this call: Jest runs them in that order.
 */
export function identityUnderTest(env: () => Record<string, string | undefined> = () => ({})): IdentityUnderTest {
  let app: INestMicroservice | undefined;
  let services: ServiceCaller | undefined;
  let previous: Record<string, string | undefined> = {};
  beforeAll(async () => {
    const wanted = env();
    previous = Object.fromEntries(Object.keys(wanted).map((name) => [name, process.env[name]]));
    setEnv(wanted);
    app = await startService('identity', AppModule);
    services = await ServiceCaller.connect();
  });
  afterAll(async () => {
    await services?.close();
    await app?.close();
    setEnv(previous);
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('identity is started in beforeAll: use it inside a test or a hook');
    return value;
  };
  return {
    get app() {
      return started(app);
    },
    get services() {
      return started(services);
    },
    sql: <Row>(text: string, values: unknown[] = []): Promise<Row[]> => started(app).get(DataSource).query(text, values),
  };
}

function setEnv(values: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

/** A run's own addresses, so that files and reruns on one database never meet: `label.n.run@example.com`. */
export function uniqueEmails(): (label?: string) => string {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  let count = 0;
  return (label = 'person') => `${label}.${++count}.${run}@example.com`;
}

/** The caller the gateway would forward for the user, in UTC. */
export const callerOf = (userId: number) => ({ userId, timeZone: 'UTC' });

/** The newest confirmation request of the user, and its link's token as its email would carry it. */
export async function newestVerificationLink(identity: IdentityUnderTest, userId: number): Promise<{ verificationId: string; token: string; url: URL }> {
  const [{ id }] = await identity.sql<{ id: string }>(
    "SELECT id FROM identity.email_link_tokens WHERE user_id = $1 AND purpose = 'verify-email' ORDER BY created_at DESC LIMIT 1",
    [userId],
  );
  const url = new URL((await identity.services.call(Rpc.identity.verificationLink, { verificationId: id })).verifyUrl);
  return { verificationId: id, token: url.searchParams.get('token') ?? '', url };
}

/** Opens the account's newest confirmation link, as its owner would from the email (issue 20); answers the account then. */
export async function confirmEmail(identity: IdentityUnderTest, userId: number): Promise<User> {
  const { token } = await newestVerificationLink(identity, userId);
  await identity.services.call(Rpc.identity.verifyEmail, { input: { token } });
  return identity.services.call(Rpc.identity.get, { caller: callerOf(userId) });
}
