import { EventTypes, PasswordResetRequestedV1 } from '@fodmap/contracts';
import { CaughtMessage, Mailcatcher, startMailcatcher } from '@fodmap/mailcatcher';
import { EventHeaders, eventSubject, StoredEvent } from '@fodmap/server';
import { eventually, Producer, startProducer, startService, suitePrefix, testConfig } from '@fodmap/testing';
import { INestMicroservice } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { connect, headers } from 'nats';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EmailRenderer } from './email/email-renderer';
import { EventEmailSender } from './email/event-email-sender';
import { Mailer } from './email/mailer';

let catcher: Mailcatcher;
let identity: Producer;
let notifications: INestMicroservice;

beforeAll(async () => {
  catcher = await startMailcatcher({ smtpPort: 0, httpPort: 0 });
  // Read when notifications' modules load. A prefix of its own, since the stand-in identity numbers its events from 1.
  process.env.SMTP_URL = `smtp://127.0.0.1:${catcher.smtpPort}`;
  process.env.NATS_PREFIX = suitePrefix('password_reset_email');
  identity = await startProducer('identity');
  const { AppModule } = await import('../src/app.module');
  notifications = await startService('notifications', AppModule);
});

afterAll(async () => {
  await notifications?.close();
  await identity?.stop();
  await catcher?.close();
});

async function inbox(to: string): Promise<CaughtMessage[]> {
  return (await (await fetch(`http://127.0.0.1:${catcher.httpPort}/api/messages?to=${encodeURIComponent(to)}`)).json()) as CaughtMessage[];
}

const resetBaseUrl = 'http://localhost:3000';
let requests = 0;

/** Appends the PasswordResetRequested that identity records when someone asks for a reset link. */
async function requestReset(): Promise<{ event: StoredEvent; request: PasswordResetRequestedV1 }> {
  const userId = ++requests;
  const request: PasswordResetRequestedV1 = {
    userId,
    email: `reset${userId}.${Date.now()}@example.com`,
    firstName: 'Ann',
    resetUrl: `${resetBaseUrl}/reset-password?token=token-${userId}`,
    expiresAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
  };
  const { events } = await identity.store.append(`password-reset-${randomUUID()}`, 0, [{ type: EventTypes.PasswordResetRequested, schemaVersion: 1, data: request }], { userId });
  return { event: events[0], request };
}

describe('password reset email', () => {
  it('arrives after a reset is requested, branded, with the link of the request', async () => {
    const { request } = await requestReset();

    const [email] = await eventually(async () => {
      const messages = await inbox(request.email);
      expect(messages).toHaveLength(1);
      return messages;
    });
    expect(email.subject).toBe('Reset your FODMAP Journal password');
    expect(email.from).toContain('no-reply@fodmapjournal.app');
    expect(email.text).toContain('Hi Ann,');
    expect(email.text).toContain(request.resetUrl);
    expect(email.text).toContain('expires in 1 hour');
    expect(email.html).toContain('FODMAP Journal');
  });

  it('is sent once when the event is delivered twice', async () => {
    const { event, request } = await requestReset();
    await eventually(async () => expect(await inbox(request.email)).toHaveLength(1));

    // Publish the same stored event again under a new message id, so JetStream's own deduplication lets it through.
    const { natsUrl, natsPrefix } = testConfig();
    const nats = await connect({ servers: natsUrl });
    const h = headers();
    h.set(EventHeaders.position, String(event.position));
    await nats.jetstream().publish(eventSubject(natsPrefix, 'identity', event.type), new TextEncoder().encode(JSON.stringify(event)), { msgID: `${event.eventId}-again`, headers: h });
    await nats.drain();

    // Events of one source are handled in order, so once a later request's email is out, the duplicate was handled too.
    const { request: later } = await requestReset();
    await eventually(async () => expect(await inbox(later.email)).toHaveLength(1));
    expect(await inbox(request.email)).toHaveLength(1);
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
