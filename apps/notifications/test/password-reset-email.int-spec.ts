import { Messages, PasswordResetRequestedV1, Rpc, User } from '@fodmap/contracts';
import { bootstrapService, EventHeaders, eventSubject, loadConfig, StoredEvent } from '@fodmap/server';
import { INestMicroservice } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { connect, headers } from 'nats';
import { resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailRenderer } from '../src/email/email-renderer';
import { EventEmailSender } from '../src/email/event-email-sender';
import { Mailer } from '../src/email/mailer';

// The flow spans two services and a tool outside the Nx projects: they are loaded by path, as the e2e stack loads them.
const ROOT = resolve(__dirname, '../../..');
type IdentityHarnessModule = typeof import('../../identity/test/identity-harness');
type IdentityHarness = Awaited<ReturnType<IdentityHarnessModule['startIdentity']>>;
type MailcatcherModule = typeof import('../../../tools/mailcatcher/mailcatcher.mjs');
type Mailcatcher = Awaited<ReturnType<MailcatcherModule['startMailcatcher']>>;
type CaughtMessage = import('../../../tools/mailcatcher/mailcatcher.mjs').CaughtMessage;

let catcher: Mailcatcher;
let identity: IdentityHarness;
let notifications: INestMicroservice;

beforeAll(async () => {
  const { startMailcatcher }: MailcatcherModule = await import(resolve(ROOT, 'tools/mailcatcher/mailcatcher.mjs'));
  catcher = await startMailcatcher({ smtpPort: 0, httpPort: 0 });
  process.env.SMTP_URL = `smtp://127.0.0.1:${catcher.smtpPort}`;
  const { startIdentity }: IdentityHarnessModule = await import(resolve(ROOT, 'apps/identity/test/identity-harness.ts'));
  identity = await startIdentity('password_reset_email');
  // Imported once identity has set this suite's NATS prefix, which subjects and consumers read when modules load.
  const { AppModule } = await import('../src/app.module');
  notifications = await bootstrapService('notifications', AppModule);
});

afterAll(async () => {
  await notifications?.close();
  await identity?.stop();
  await catcher?.close();
});

async function inbox(to: string): Promise<CaughtMessage[]> {
  return (await fetch(`http://127.0.0.1:${catcher.httpPort}/api/messages?to=${encodeURIComponent(to)}`)).json();
}

async function eventually<T>(check: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((wake) => setTimeout(wake, 50));
    }
  }
}

const resetBaseUrl = 'http://localhost:3000';
let registered = 0;
async function registerUser(): Promise<User> {
  return identity.call<User>(Rpc.identity.register, {
    input: { email: `reset${++registered}.${Date.now()}@example.com`, password: 'correct horse', firstName: 'Ann', lastName: 'Lee' },
  });
}

function linkIn(text: string): string {
  const match = /(http\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`No reset link in: ${text}`);
  return match[1];
}

describe('password reset email', () => {
  it('arrives after a forgot-password request, branded, with a link that resets the password', async () => {
    const user = await registerUser();
    await identity.call(Rpc.identity.forgotPassword, { input: { email: user.email }, resetBaseUrl });

    const [email] = await eventually(async () => {
      const messages = await inbox(user.email);
      expect(messages).toHaveLength(1);
      return messages;
    });
    expect(email.subject).toBe('Reset your FODMAP Journal password');
    expect(email.from).toContain('no-reply@fodmapjournal.app');
    expect(email.text).toContain('expires in 1 hour');
    expect(email.html).toContain('FODMAP Journal');

    const link = new URL(linkIn(email.text));
    expect(link.origin).toBe(resetBaseUrl);
    const token = link.searchParams.get('token');
    expect(await identity.call(Rpc.identity.resetPassword, { input: { token, newPassword: 'N3w-pass!' } })).toEqual({ message: Messages.resetSuccess });
    expect((await identity.call<User>(Rpc.identity.login, { input: { email: user.email, password: 'N3w-pass!' } })).id).toBe(user.id);
  });

  it('is sent once when the event is delivered twice', async () => {
    const user = await registerUser();
    await identity.call(Rpc.identity.forgotPassword, { input: { email: user.email }, resetBaseUrl });
    await eventually(async () => expect(await inbox(user.email)).toHaveLength(1));

    // Publish the same stored event again under a new message id, so JetStream's own deduplication lets it through.
    const [row] = await identity.sql<{ position: string; stream_id: string; stream_version: number; event_id: string; schema_version: number; data: PasswordResetRequestedV1; metadata: StoredEvent['metadata'] }>(
      "SELECT position, stream_id, stream_version, event_id, schema_version, data, metadata FROM identity.events WHERE type = 'PasswordResetRequested' AND (data->>'userId')::int = $1",
      [user.id],
    );
    const event: StoredEvent = {
      position: Number(row.position),
      streamId: row.stream_id,
      streamVersion: row.stream_version,
      eventId: row.event_id,
      type: 'PasswordResetRequested',
      schemaVersion: row.schema_version,
      data: row.data,
      metadata: row.metadata,
    };
    const { natsUrl, natsPrefix } = loadConfig();
    const nats = await connect({ servers: natsUrl });
    const h = headers();
    h.set(EventHeaders.position, String(event.position));
    await nats.jetstream().publish(eventSubject(natsPrefix, 'identity', event.type), new TextEncoder().encode(JSON.stringify(event)), { msgID: `${event.eventId}-again`, headers: h });
    await nats.drain();

    // Events of one source are handled in order, so once a later request's email is out, the duplicate was handled too.
    const other = await registerUser();
    await identity.call(Rpc.identity.forgotPassword, { input: { email: other.email }, resetBaseUrl });
    await eventually(async () => expect(await inbox(other.email)).toHaveLength(1));
    expect(await inbox(user.email)).toHaveLength(1);
  });

  it('records each sent email by its event id and never sends an event twice, even past the checkpoint', async () => {
    const dataSource = notifications.get<DataSource>(getDataSourceToken());
    const sender = new EventEmailSender(new EmailRenderer(), new Mailer(`smtp://127.0.0.1:${catcher.smtpPort}`));
    const email = {
      eventId: '6f1c1f7e-0000-4000-8000-000000000001',
      emailType: 'password-reset',
      userId: 1,
      to: 'twice@example.com',
      template: 'password-reset',
      context: { firstName: 'Ann', resetUrl: `${resetBaseUrl}/reset-password?token=abc` },
    };
    expect(await dataSource.transaction((manager) => sender.sendOnce(manager, email))).toBe(true);
    expect(await dataSource.transaction((manager) => sender.sendOnce(manager, email))).toBe(false);
    expect(await inbox('twice@example.com')).toHaveLength(1);
  });
});
