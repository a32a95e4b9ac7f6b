import { EventTypes, PasswordResetRequestedV2, ResetLinkReply, Rpc } from '@fodmap/contracts';
import { CaughtMessage, Mailcatcher, startMailcatcher } from '@fodmap/mailcatcher';
import { enqueue, EventHeaders, eventSubject, FailedJobs, JobWorker, liveJobs, rpcFailure, StoredEvent, subject } from '@fodmap/server';
import { eventually, jobByKey, letJobTimePass, Producer, startProducer, startService, suitePrefix, testConfig } from '@fodmap/testing';
import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, MicroserviceOptions, Payload, Transport } from '@nestjs/microservices';
import { getDataSourceToken } from '@nestjs/typeorm';
import { connect, headers } from 'nats';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Email, EmailSender, EmailTransport, enqueueEmail, INTERRUPTED_TWICE, sendEmailJob } from './email/email-sender';
import { EmailRenderer, RenderedEmail } from './email/email-renderer';

const resetBaseUrl = 'http://localhost:3000';
/** Resets whose link the stand-in identity no longer issues (used or superseded). */
const spentResets = new Set<string>();

/** Stands in for identity's answer to notifications: the link is made when asked, as identity makes it. */
function standInIdentityModule() {
  // Declared once NATS_PREFIX is set: @MessagePattern reads the prefix when the class is declared.
  @Controller()
  class StandInResetLinks {
    @MessagePattern(subject(Rpc.identity.resetLink))
    resetLink(@Payload() payload: { resetId: string }): ResetLinkReply {
      if (spentResets.has(payload.resetId)) throw rpcFailure(410, 'This reset link has expired or was already used.');
      return { resetUrl: `${resetBaseUrl}/reset-password?token=token-of-${payload.resetId}` };
    }
  }

  @Module({ controllers: [StandInResetLinks] })
  class StandInIdentityModule {}
  return StandInIdentityModule;
}

let catcher: Mailcatcher;
let identity: Producer;
let identityLinks: INestMicroservice;
let notifications: INestMicroservice;
let dataSource: DataSource;

beforeAll(async () => {
  catcher = await startMailcatcher({ smtpPort: 0, httpPort: 0 });
  // Read when notifications' modules load. A prefix of its own, since the stand-in identity numbers its events from 1.
  process.env.SMTP_URL = `smtp://127.0.0.1:${catcher.smtpPort}`;
  process.env.NATS_PREFIX = suitePrefix('password_reset_email');
  identity = await startProducer('identity');
  identityLinks = await NestFactory.createMicroservice<MicroserviceOptions>(standInIdentityModule(), {
    transport: Transport.NATS,
    options: { servers: [testConfig().natsUrl] },
    logger: ['error'],
  });
  await identityLinks.listen();
  const { AppModule } = await import('../src/app.module');
  notifications = await startService('notifications', AppModule);
  dataSource = notifications.get<DataSource>(getDataSourceToken());
});

afterAll(async () => {
  await notifications?.close();
  await identityLinks?.close();
  await identity?.stop();
  await catcher?.close();
});

async function inbox(to: string): Promise<CaughtMessage[]> {
  return (await (await fetch(`http://127.0.0.1:${catcher.httpPort}/api/messages?to=${encodeURIComponent(to)}`)).json()) as CaughtMessage[];
}

let requests = 0;

/** Appends the PasswordResetRequested that identity records when someone asks for a reset link. */
async function requestReset(correlationId?: string): Promise<{ event: StoredEvent; request: PasswordResetRequestedV2 }> {
  const userId = ++requests;
  const request: PasswordResetRequestedV2 = {
    resetId: randomUUID(),
    userId,
    email: `reset${userId}.${Date.now()}@example.com`,
    firstName: 'Ann',
    expiresAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
  };
  const { events } = await identity.store.append(`password-reset-${request.resetId}`, 0, [{ type: EventTypes.PasswordResetRequested, schemaVersion: 2, data: request }], { userId, correlationId });
  return { event: events[0], request };
}

describe('password reset email', () => {
  it('arrives after a reset is requested, branded, with the link identity issues when it is sent, traced to the request', async () => {
    const correlationId = randomUUID();
    const { event, request } = await requestReset(correlationId);

    const [email] = await eventually(async () => {
      const messages = await inbox(request.email);
      expect(messages).toHaveLength(1);
      return messages;
    });
    expect(email.subject).toBe('Reset your FODMAP Journal password');
    expect(email.from).toContain('no-reply@fodmapjournal.app');
    expect(email.text).toContain('Hi Ann,');
    expect(email.text).toContain(`${resetBaseUrl}/reset-password?token=token-of-${request.resetId}`);
    expect(email.text).toContain('expires in 1 hour');
    expect(email.html).toContain('FODMAP Journal');
    const sent = await eventually(async () => {
      const rows = await dataSource.query('SELECT correlation_id FROM notifications.sent_emails WHERE event_id = $1', [event.eventId]);
      expect(rows).toHaveLength(1);
      return rows;
    });
    expect(sent).toEqual([{ correlation_id: correlationId }]);
    // The link was never stored: the job (whose payload has the context) is gone once done, and sent_emails keeps no context.
    await eventually(async () => expect(await dataSource.query('SELECT id FROM notifications_jobs.jobs WHERE key = $1', [event.eventId])).toEqual([]));
  });

  it('is sent once when the event is delivered twice', async () => {
    const { event, request } = await requestReset();
    await eventually(async () => expect(await inbox(request.email)).toHaveLength(1));

    // Publish the same stored event again under a new message id, so JetStream's own deduplication lets it through.
    const { natsUrl, natsPrefix } = testConfig();
    const nats = await connect({ servers: natsUrl });
    const h = headers();
    h.set(EventHeaders.position, String(event.position));
    await nats.jetstream().publish(eventSubject(natsPrefix, 'identity', event.type, event.data), new TextEncoder().encode(JSON.stringify(event)), { msgID: `${event.eventId}-again`, headers: h });
    await nats.drain();

    // Events of one source are handled in order, so once a later request's email is out, the duplicate was handled too.
    const { request: later } = await requestReset();
    await eventually(async () => expect(await inbox(later.email)).toHaveLength(1));
    expect(await inbox(request.email)).toHaveLength(1);
  });

  it('is dropped, visibly, when identity no longer issues the link (the reset was superseded or used)', async () => {
    const resetId = randomUUID();
    spentResets.add(resetId);
    const { event, request } = await (async () => {
      const data: PasswordResetRequestedV2 = { resetId, userId: 999, email: `spent.${Date.now()}@example.com`, firstName: 'Ann', expiresAt: new Date(Date.now() + 3_600_000).toISOString() };
      const { events } = await identity.store.append(`password-reset-${resetId}`, 0, [{ type: EventTypes.PasswordResetRequested, schemaVersion: 2, data }], { userId: 999 });
      return { event: events[0], request: data };
    })();
    // Failed for good at its first run, with why: listed by `jobs.js list`, never retried by itself.
    await eventually(async () => {
      expect(await jobByKey(dataSource, 'notifications', event.eventId)).toEqual([
        { id: expect.any(String), attempts: sendEmailJob.maxAttempts, max_attempts: sendEmailJob.maxAttempts, last_error: expect.stringContaining('identity no longer issues its link'), due_later: expect.any(Boolean) },
      ]);
    });
    expect(await inbox(request.email)).toEqual([]);
  });
});

/** Records what it sends; `next` decides what the next send does. */
class RecordingTransport implements EmailTransport {
  readonly sent: Array<{ to: string; subject: string; headers: Record<string, string> }> = [];
  next: 'send' | 'fail' | 'hang' = 'send';
  private readonly hanging: Array<() => void> = [];

  async send(to: string, email: RenderedEmail, headers: Record<string, string>): Promise<void> {
    if (this.next === 'fail') throw new Error('SMTP is down');
    this.sent.push({ to, subject: email.subject, headers });
    // A process that dies right after the send: it never comes back to record the email as sent.
    if (this.next === 'hang') await new Promise<void>((resolve) => this.hanging.push(resolve));
  }

  release(): void {
    this.hanging.splice(0).forEach((resolve) => resolve());
  }
}

describe('email jobs', () => {
  let transport: RecordingTransport;
  const workers: JobWorker[] = [];
  const running: Array<Promise<void>> = [];
  /** A worker of its own over the recording transport, as a second process would run one. */
  const worker = () => {
    const one = new JobWorker({ dataSource, handlers: [new EmailSender({ dataSource, renderer: new EmailRenderer(), transport }).handler()], concurrency: 1 });
    workers.push(one);
    return one;
  };
  const email = (label: string): Email => ({
    eventId: randomUUID(),
    emailType: 'password-reset',
    userId: 1,
    to: `${label}.${Date.now()}@example.com`,
    template: 'password-reset',
    context: { firstName: 'Ann', resetUrl: `${resetBaseUrl}/reset-password?token=abc` },
    correlationId: randomUUID(),
  });
  const emailJob = (eventId: string) => jobByKey(dataSource, 'notifications', eventId);
  const enqueued = (one: Email) => dataSource.transaction((manager) => enqueue(manager, sendEmailJob, one, { key: one.eventId }));
  const dueNow = (eventId: string) => letJobTimePass(dataSource, 'notifications', eventId);

  beforeAll(async () => {
    // The service's own worker would race these tests for the jobs they enqueue.
    await notifications.get(JobWorker).stop();
  });

  afterAll(async () => {
    transport?.release();
    await Promise.all(running);
    await Promise.all(workers.map((one) => one.close()));
    await notifications.get(JobWorker).start();
  });

  it('sends nothing when the transaction that enqueues the email does not commit', async () => {
    transport = new RecordingTransport();
    const rolledBack = email('rolled-back');
    await expect(
      dataSource.transaction(async (manager) => {
        await enqueueEmail(liveJobs(manager), rolledBack);
        throw new Error('the checkpoint update failed');
      }),
    ).rejects.toThrow('the checkpoint update failed');

    await worker().drain();
    expect(transport.sent).toEqual([]);
    expect(await emailJob(rolledBack.eventId)).toEqual([]);
  });

  it('sends a committed email once, with its correlation and causation ids as headers, and records it as sent', async () => {
    transport = new RecordingTransport();
    const committed = email('committed');
    expect(await enqueued(committed)).toBe(true);
    expect(await enqueued(committed)).toBe(false);

    await worker().drain();
    expect(transport.sent).toEqual([
      { to: committed.to, subject: 'Reset your FODMAP Journal password', headers: { 'X-Correlation-Id': committed.correlationId, 'X-Causation-Id': committed.eventId } },
    ]);
    expect(await emailJob(committed.eventId)).toEqual([]);
    expect(await dataSource.query('SELECT recipient FROM notifications.sent_emails WHERE event_id = $1', [committed.eventId])).toEqual([{ recipient: committed.to }]);
    // The same event enqueued after it was sent (a replayed dead letter) sends nothing.
    await enqueued(committed);
    await worker().drain();
    expect(transport.sent).toHaveLength(1);
  });

  it('retries a failing send with backoff, then keeps it failed with the error until it is retried', async () => {
    transport = new RecordingTransport();
    transport.next = 'fail';
    const failing = email('failing');
    await enqueued(failing);
    const sender = worker();

    await sender.drain();
    expect(await emailJob(failing.eventId)).toEqual([{ id: expect.any(String), attempts: 1, max_attempts: 8, last_error: 'SMTP is down', due_later: true }]);
    // Not due again before its backoff has passed.
    await sender.drain();
    expect((await emailJob(failing.eventId))[0].attempts).toBe(1);
    for (let attempt = 2; attempt <= sendEmailJob.maxAttempts; attempt++) {
      await dueNow(failing.eventId);
      await sender.drain();
    }
    const [dead] = await emailJob(failing.eventId);
    expect(dead).toEqual({ id: expect.any(String), attempts: 8, max_attempts: 8, last_error: 'SMTP is down', due_later: true });
    await dueNow(failing.eventId);
    await sender.drain();
    expect((await emailJob(failing.eventId))[0].attempts).toBe(8);
    expect(transport.sent).toEqual([]);
    const failed = new FailedJobs(dataSource);
    expect(await failed.list()).toContainEqual(expect.objectContaining({ id: Number(dead.id), job: 'send-email', key: failing.eventId, dead: true, lastError: 'SMTP is down' }));

    // Once SMTP is back, `jobs.js retry <id>` sends it.
    transport.next = 'send';
    expect(await failed.retry(Number(dead.id))).toEqual({ id: Number(dead.id), retried: true });
    await sender.drain();
    expect(transport.sent.map(({ to }) => to)).toEqual([failing.to]);
    expect(await emailJob(failing.eventId)).toEqual([]);
  });

  it('sends an email again, once, when its worker died between sending and recording it, and never a third time', async () => {
    transport = new RecordingTransport();
    transport.next = 'hang';
    const interrupted = email('interrupted');
    await enqueued(interrupted);

    running.push(worker().drain());
    await eventually(async () => expect(transport.sent).toHaveLength(1));
    // The worker is taken for dead once its lock is 4 hours old: another one takes the job, and the email goes again.
    await dueNow(interrupted.eventId);
    running.push(worker().drain());
    await eventually(async () => expect(transport.sent).toHaveLength(2));

    await dueNow(interrupted.eventId);
    transport.next = 'send';
    await worker().drain();
    expect(transport.sent).toHaveLength(2);
    await eventually(async () =>
      expect(await emailJob(interrupted.eventId)).toEqual([{ id: expect.any(String), attempts: 8, max_attempts: 8, last_error: INTERRUPTED_TWICE, due_later: expect.any(Boolean) }]),
    );
  });
});
