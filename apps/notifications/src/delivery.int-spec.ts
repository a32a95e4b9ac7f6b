import {
  Caller, DEFAULT_DISCLAIMER, DEFAULT_DOMAIN_CONFIG, DomainConfig, EventTypes, Meal, Messages, NotificationsMessages, Rpc, RpcParsed, SubscriptionMessages, SubscriptionStatus, Symptom,
} from '@fodmap/contracts';
import { enqueue, Handles, jobQueueSchema, JobWorker, loadNotificationsConfig, rpcFailure, SERVER_CONFIG } from '@fodmap/server';
import { eventually, jobByKey, letJobTimePass, Producer, ServiceCaller, startProducer, startService, suitePrefix, testConfig } from '@fodmap/testing';
import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions, Transport } from '@nestjs/microservices';
import { simpleParser } from 'mailparser';
import { randomUUID } from 'node:crypto';
import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Email, EmailSender, sendEmailJob } from './email/email-sender';
import { EmailRenderer } from './email/email-renderer';
import { Mailer } from './email/mailer';
import { LinkTokens, SYMPTOM_LINK_LIFETIME_MS } from './links/link-tokens';

const publicUrl = 'https://fodmap.test';

/** An email as it arrived over SMTP, with its headers: what a mail client sees. */
interface Arrived {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Raw header values by lower-case name, as sent. */
  headers: Map<string, string>;
}

function rawHeaders(lines: Array<{ key: string; line: string }>): Map<string, string> {
  return new Map(lines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).replace(/\r?\n\s+/g, ' ').trim()]));
}

/** A real SMTP server that keeps every message with its headers (the shared mail catcher does not expose headers). */
async function startSink(): Promise<{ port: number; arrived: Arrived[]; close: () => Promise<void> }> {
  const arrived: Arrived[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          for (const to of session.envelope.rcptTo) {
            arrived.push({ to: to.address, from: parsed.from?.text ?? '', subject: parsed.subject ?? '', text: parsed.text ?? '', html: parsed.html || '', headers: rawHeaders(parsed.headerLines) });
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.server.address() as AddressInfo).port, arrived, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const gutFriend: DomainConfig = { ...DEFAULT_DOMAIN_CONFIG, name: 'gutfriend.test', displayName: 'Gut Friend', primaryColor: '#2e7d32', emailFrom: 'Gut Friend <hello@gutfriend.test>' };
/** What notifications asked identity to change, as identity received it. */
const preferenceChanges: Array<RpcParsed<typeof Rpc.identity.updateNotifications>> = [];

/**
 * Stands in for identity's answers to notifications (its branch of issue 9 is not on this one): the brand of a host
 * and the preference change an unsubscribe link asks for, which it records and publishes as identity would.
 */
function standInIdentityModule(events: () => Producer) {
  // Declared once NATS_PREFIX is set: the subjects read the prefix when the class is declared.
  @Controller()
  class StandInIdentity {
    @Handles(Rpc.identity.domainConfig)
    domainConfig({ host }: RpcParsed<typeof Rpc.identity.domainConfig>): DomainConfig {
      return host === gutFriend.name ? gutFriend : DEFAULT_DOMAIN_CONFIG;
    }

    /** Everyone is in their trial but the people a test marked expired. */
    @Handles(Rpc.identity.subscriptionStatus)
    subscriptionStatus({ caller }: RpcParsed<typeof Rpc.identity.subscriptionStatus>): SubscriptionStatus {
      const status = expiredPeople.has(caller.userId) ? 'expired' : 'trial';
      return { status, daysLeft: status === 'trial' ? 14 : 0, subscriptionEndsAt: new Date().toISOString(), paymentsAvailable: false };
    }

    @Handles(Rpc.identity.updateNotifications)
    async updateNotifications(request: RpcParsed<typeof Rpc.identity.updateNotifications>) {
      preferenceChanges.push(request);
      const { userId } = request.caller;
      const current = registered.get(userId) ?? { emailNotifications: true, mealNotifications: false };
      const next = { emailNotifications: request.input.emailNotifications ?? current.emailNotifications, mealNotifications: request.input.mealNotifications ?? current.mealNotifications };
      registered.set(userId, next);
      await events().store.append(`user-${userId}-preferences-${randomUUID()}`, 0, [{ type: EventTypes.NotificationPreferencesChanged, schemaVersion: 1, data: { userId, ...next } }], { userId });
      return { id: userId, email: '', firstName: 'Ann', lastName: 'Lee', profileImageUrl: null, ...next, timeZone: request.caller.timeZone, createdAt: new Date().toISOString() };
    }
  }

  // Its handlers check the caller's signature as identity's do, with the run's CALLER_SECRET.
  @Module({ controllers: [StandInIdentity], providers: [{ provide: SERVER_CONFIG, useValue: testConfig() }] })
  class StandInIdentityModule {}
  return StandInIdentityModule;
}
const registered = new Map<number, { emailNotifications: boolean; mealNotifications: boolean }>();
/** The people whose trial or subscription has ended, as the stand-in identity answers. */
const expiredPeople = new Set<number>();

/** The stand-in journal's meals (deleted ones removed) and the symptoms it logged, by idempotency key. */
const meals = new Map<number, { userId: number; name: string }>();
const symptomsByKey = new Map<string, Symptom & { userId: number }>();
const logRequests: Array<RpcParsed<typeof Rpc.journal.logSymptom>> = [];

/**
 * Stands in for the journal's answers to notifications, with its rules that matter here: a symptom may only name an
 * existing meal of the caller's (else 404 'Meal not found'), and an idempotency key logs one symptom however often sent.
 */
function standInJournalModule() {
  @Controller()
  class StandInJournal {
    @Handles(Rpc.journal.logSymptom)
    logSymptom(request: RpcParsed<typeof Rpc.journal.logSymptom>): Symptom {
      logRequests.push(request);
      const { caller, input, idempotencyKey } = request;
      const earlier = idempotencyKey === undefined ? undefined : symptomsByKey.get(idempotencyKey);
      if (earlier) return earlier;
      const mealId = input.mealId ?? null;
      if (mealId !== null && meals.get(mealId)?.userId !== caller.userId) throw rpcFailure(404, Messages.mealNotFound);
      const symptom = { id: symptomsByKey.size + 1, userId: caller.userId, symptomType: input.symptomType, severity: input.severity, notes: null, timestamp: new Date().toISOString(), mealId };
      symptomsByKey.set(idempotencyKey ?? randomUUID(), symptom);
      return symptom;
    }

    @Handles(Rpc.journal.getMeal)
    getMeal({ caller, mealId }: RpcParsed<typeof Rpc.journal.getMeal>): Pick<Meal, 'id' | 'name'> {
      const meal = meals.get(mealId);
      if (meal?.userId !== caller.userId) throw rpcFailure(404, Messages.mealNotFound);
      return { id: mealId, name: meal.name };
    }
  }

  @Module({ controllers: [StandInJournal], providers: [{ provide: SERVER_CONFIG, useValue: testConfig() }] })
  class StandInJournalModule {}
  return StandInJournalModule;
}

let sink: Awaited<ReturnType<typeof startSink>>;
let identityEvents: Producer;
let identity: INestMicroservice;
let journalEvents: Producer;
let journal: INestMicroservice;
let notifications: INestMicroservice;
let services: ServiceCaller;
let dataSource: DataSource;

beforeAll(async () => {
  sink = await startSink();
  // Read when the services' modules load: a prefix of this suite's own, the sink, the links' origin.
  process.env.SMTP_URL = `smtp://127.0.0.1:${sink.port}`;
  process.env.NATS_PREFIX = suitePrefix('delivery');
  process.env.PUBLIC_URL = publicUrl;
  process.env.EMAIL_SEND_CONCURRENCY = '4';
  identityEvents = await startProducer('identity');
  identity = await NestFactory.createMicroservice<MicroserviceOptions>(standInIdentityModule(() => identityEvents), {
    transport: Transport.NATS,
    options: { servers: [testConfig().natsUrl] },
    logger: ['error'],
  });
  await identity.listen();
  journalEvents = await startProducer('journal');
  journal = await NestFactory.createMicroservice<MicroserviceOptions>(standInJournalModule(), {
    transport: Transport.NATS,
    options: { servers: [testConfig().natsUrl] },
    logger: ['error'],
  });
  await journal.listen();
  const { AppModule } = await import('./app.module');
  notifications = await startService('notifications', AppModule);
  services = await ServiceCaller.connect();
  dataSource = notifications.get(DataSource);
});

afterAll(async () => {
  await services?.close();
  await notifications?.close();
  await journal?.close();
  await journalEvents?.stop();
  await identity?.close();
  await identityEvents?.stop();
  await sink?.close();
});

let people = 0;
/** A person who signed up on `host` (identity's UserRegistered v2), with meal emails on, once notifications knows them. */
async function signUp(host = 'default'): Promise<{ user: { id: number; email: string }; caller: Caller }> {
  const user = { id: 7000 + ++people, email: `delivery${people}.${Date.now()}@example.com` };
  const caller: Caller = { userId: user.id, timeZone: 'Europe/London' };
  await identityEvents.store.append(
    `user-${user.id}`,
    0,
    [
      { type: EventTypes.UserRegistered, schemaVersion: 2, data: { userId: user.id, email: user.email, firstName: 'Ann', lastName: 'Lee', timeZone: caller.timeZone, host } },
      // The address is proven (issue 20): nothing but the confirmation and resets goes to one that is not.
      { type: EventTypes.EmailVerified, schemaVersion: 1, data: { userId: user.id, verifiedAt: new Date().toISOString() } },
    ],
    { userId: user.id },
  );
  registered.set(user.id, { emailNotifications: true, mealNotifications: true });
  await identityEvents.store.append(`user-${user.id}-preferences`, 0, [{ type: EventTypes.NotificationPreferencesChanged, schemaVersion: 1, data: { userId: user.id, emailNotifications: true, mealNotifications: true } }], { userId: user.id });
  await eventually(async () => {
    const [row] = await dataSource.query('SELECT meal_notifications, email_verified FROM notifications.recipients WHERE user_id = $1', [user.id]);
    expect(row).toEqual({ meal_notifications: true, email_verified: true });
  });
  return { user, caller };
}

/** The preferences notifications holds for the person, once identity's change has reached it. */
const preferencesOf = (userId: number) =>
  dataSource.query('SELECT email_notifications AS "emailNotifications", meal_notifications AS "mealNotifications" FROM notifications.recipients WHERE user_id = $1', [userId]);

const inbox = (to: string) => sink.arrived.filter((email) => email.to === to);
const oneEmail = (to: string) =>
  eventually(async () => {
    expect(inbox(to)).toHaveLength(1);
    return inbox(to)[0];
  });
/** The token of each one-tap link in the text, in order, with the symptom and severity the link names. */
const symptomLinks = (text: string) =>
  [...text.matchAll(/https:\/\/fodmap\.test\/log-symptom\?\S+/g)].map(([url]) => {
    const query = new URL(url).searchParams;
    return { url, token: query.get('token') ?? '', symptom: query.get('symptom') ?? '', severity: query.get('severity') ?? '' };
  });
const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';

describe('a meal email (test send, as from Profile)', () => {
  let user: { id: number; email: string };
  let caller: Caller;
  let email: Arrived;
  let mealId: number;

  beforeAll(async () => {
    ({ user, caller } = await signUp());
    mealId = 900 + user.id;
    meals.set(mealId, { userId: user.id, name: 'Pasta lunch' });
    await journalEvents.store.append(`meal-${mealId}`, 0, [{ type: EventTypes.MealCreated, schemaVersion: 1, data: { mealId, userId: user.id, name: 'Pasta lunch', mealType: 'lunch', timestamp: new Date().toISOString(), timeZone: caller.timeZone, notes: null } }], { userId: user.id });
    await eventually(async () => expect(await dataSource.query('SELECT 1 FROM notifications.digest_meals WHERE meal_id = $1', [mealId])).toHaveLength(1));
    await services.call(Rpc.notifications.testMealEmail, { caller });
    email = await oneEmail(user.email);
  });

  it("is listed in the person's export (issue 20) with its kind, the subject they read and when it was sent", async () => {
    const page = await eventually(async () => {
      const answer = await services.call(Rpc.notifications.exportEmails, { caller, after: null });
      expect(answer.items).toHaveLength(1);
      return answer;
    });
    expect(page).toEqual({ items: [{ kind: 'meal', subject: email.subject, sentAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) }], next: null });
  });

  it('offers a one-click unsubscribe (RFC 8058 headers) and the same in its footer, for meal emails', async () => {
    const listUnsubscribe = email.headers.get('list-unsubscribe') ?? '';
    expect(listUnsubscribe).toMatch(/^<https:\/\/fodmap\.test\/api\/unsubscribe\?token=[^>]+>$/);
    expect(email.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(email.text).toMatch(/Unsubscribe from these emails: https:\/\/fodmap\.test\/unsubscribe\?token=\S+/);
    expect(email.text).toContain('Not medical advice - Always consult healthcare professionals');
    expect(email.from).toBe('"FODMAP Journal" <no-reply@fodmapjournal.app>');
  });

  it('unsubscribes from meal emails through that header link, without signing in, repeatably', async () => {
    const token = tokenOf((email.headers.get('list-unsubscribe') ?? '').slice(1, -1));
    const answer = await services.call(Rpc.notifications.unsubscribe, { token });
    expect(answer).toEqual({ message: NotificationsMessages.unsubscribed.mealNotifications, preference: 'mealNotifications' });
    expect(preferenceChanges.filter((change) => change.caller.userId === user.id)).toEqual([{ caller, input: { mealNotifications: false } }]);
    await eventually(async () => expect(await preferencesOf(user.id)).toEqual([{ emailNotifications: true, mealNotifications: false }]));
    expect(await services.call(Rpc.notifications.unsubscribe, { token })).toEqual(answer);
    expect(await services.failure(Rpc.notifications.unsubscribe, { token: `${token.slice(0, -3)}AAA` })).toEqual({ status: 400, message: NotificationsMessages.unsubscribeInvalid });
  });

  it('carries nine one-tap links (bloating, pain, gas at severities 1-3), each signed for its own symptom', () => {
    const links = symptomLinks(email.text);
    expect(links.map(({ symptom, severity }) => `${symptom} ${severity}`)).toEqual([
      'bloating 1', 'bloating 2', 'bloating 3', 'pain 1', 'pain 2', 'pain 3', 'gas 1', 'gas 2', 'gas 3',
    ]);
    expect(new Set(links.map(({ token }) => token)).size).toBe(9);
    // No address and no meal name travels in a link.
    for (const { url } of links) expect(url).not.toMatch(/example\.com|Pasta/);
  });

  it('previews, then logs the tapped symptom for that meal once; the same link again is refused', async () => {
    const link = symptomLinks(email.text).find(({ symptom, severity }) => symptom === 'bloating' && severity === '2');
    if (!link) throw new Error('no bloating · moderate link');
    expect(await services.call(Rpc.notifications.previewSymptomLink, { token: link.token })).toEqual({
      symptomType: 'bloating',
      severity: 'moderate',
      mealName: 'Pasta lunch',
      expiresAt: expect.any(String),
    });
    const logged = await services.call(Rpc.notifications.redeemSymptomLink, { input: { token: link.token, symptom: 'bloating', severity: '2' } });
    expect(logged).toEqual({ userId: user.id, message: NotificationsMessages.symptomLogged, symptomId: expect.any(Number), symptomType: 'bloating', severity: 'moderate', mealId });
    // Logged as the person, on their own day's zone, under the link's own idempotency key.
    const tokenId = JSON.parse(Buffer.from(link.token.split('.')[0], 'base64url').toString('utf8')).i;
    expect(logRequests.filter((request) => request.caller.userId === user.id)).toEqual([
      { caller, input: { symptomType: 'bloating', severity: 'moderate', mealId }, idempotencyKey: `symptom-link-${tokenId}` },
    ]);
    const loggedFor = () => [...symptomsByKey.values()].filter((symptom) => symptom.userId === user.id);
    const before = loggedFor().length;

    expect(await services.failure(Rpc.notifications.redeemSymptomLink, { input: { token: link.token, symptom: 'bloating', severity: 2 } })).toEqual({ status: 409, message: NotificationsMessages.linkUsed });
    expect(await services.failure(Rpc.notifications.previewSymptomLink, { token: link.token })).toEqual({ status: 410, message: NotificationsMessages.linkUsed });
    expect(loggedFor()).toHaveLength(before);
  });

  it('logs exactly one symptom when the same link is tapped twice at once', async () => {
    const link = symptomLinks(email.text).find(({ symptom, severity }) => symptom === 'gas' && severity === '1');
    if (!link) throw new Error('no gas · mild link');
    const taps = await Promise.allSettled([1, 2].map(() => services.call(Rpc.notifications.redeemSymptomLink, { input: { token: link.token, symptom: 'gas', severity: 1 } })));
    expect(taps.map((tap) => tap.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(taps.find((tap): tap is PromiseRejectedResult => tap.status === 'rejected')?.reason).toMatchObject({ status: 409 });
    const gasRequests = logRequests.filter((request) => request.caller.userId === user.id && request.input.symptomType === 'gas');
    expect(gasRequests).toHaveLength(1);
  });

  it('refuses a link whose symptom or severity was changed, and a forged one', async () => {
    const link = symptomLinks(email.text).find(({ symptom, severity }) => symptom === 'pain' && severity === '3');
    if (!link) throw new Error('no pain · severe link');
    expect(await services.failure(Rpc.notifications.redeemSymptomLink, { input: { token: link.token, symptom: 'pain', severity: 1 } })).toEqual({ status: 400, message: NotificationsMessages.linkMismatch });
    expect(await services.failure(Rpc.notifications.redeemSymptomLink, { input: { token: link.token, symptom: 'bloating', severity: 3 } })).toEqual({ status: 400, message: NotificationsMessages.linkMismatch });
    const forged = new LinkTokens('not-our-secret').symptomLink(user.id, { symptomType: 'pain', severity: 'severe', mealId }, new Date());
    expect(await services.failure(Rpc.notifications.redeemSymptomLink, { input: { token: forged, symptom: 'pain', severity: 3 } })).toEqual({ status: 400, message: NotificationsMessages.linkInvalid });
    expect(await services.failure(Rpc.notifications.previewSymptomLink, { token: forged })).toEqual({ status: 400, message: NotificationsMessages.linkInvalid });
  });

  it("refuses a link with 402 once the person's trial or subscription has ended, logging nothing and leaving it unused", async () => {
    const link = symptomLinks(email.text).find(({ symptom, severity }) => symptom === 'pain' && severity === '2');
    if (!link) throw new Error('no pain · moderate link');
    const input = { token: link.token, symptom: 'pain', severity: 2 };
    expiredPeople.add(user.id);
    try {
      expect(await services.failure(Rpc.notifications.redeemSymptomLink, { input })).toEqual({ status: 402, message: SubscriptionMessages.expiredGated });
      expect(logRequests.filter((request) => request.caller.userId === user.id && request.input.symptomType === 'pain')).toEqual([]);
    } finally {
      expiredPeople.delete(user.id);
    }
    expect(await services.call(Rpc.notifications.redeemSymptomLink, { input })).toMatchObject({ symptomType: 'pain', severity: 'moderate' });
  });

  it('refuses a link after 48 hours', async () => {
    const tokens = new LinkTokens(loadNotificationsConfig().linkSecret);
    const expired = tokens.symptomLink(user.id, { symptomType: 'pain', severity: 'mild', mealId }, new Date(Date.now() - SYMPTOM_LINK_LIFETIME_MS - 1000));
    expect(await services.failure(Rpc.notifications.redeemSymptomLink, { input: { token: expired, symptom: 'pain', severity: 1 } })).toEqual({ status: 410, message: NotificationsMessages.linkExpired });
    expect(await services.failure(Rpc.notifications.previewSymptomLink, { token: expired })).toEqual({ status: 410, message: NotificationsMessages.linkExpired });
  });

  it('logs the symptom unlinked once its meal was deleted', async () => {
    const link = symptomLinks(email.text).find(({ symptom, severity }) => symptom === 'pain' && severity === '1');
    if (!link) throw new Error('no pain · mild link');
    meals.delete(mealId);
    expect(await services.call(Rpc.notifications.previewSymptomLink, { token: link.token })).toMatchObject({ mealName: null });
    expect(await services.call(Rpc.notifications.redeemSymptomLink, { input: { token: link.token, symptom: 'pain', severity: 'mild' } })).toMatchObject({ symptomType: 'pain', severity: 'mild', mealId: null });
  });
});

describe('daily caps on what one person and one address are sent', () => {
  let user: { id: number; email: string };
  let caller: Caller;
  const skipped = () =>
    dataSource.query<Array<{ email_type: string; reason: string }>>('SELECT email_type, reason FROM notifications.skipped_emails WHERE user_id = $1 ORDER BY skipped_at', [user.id]);
  const noJobsLeft = () =>
    eventually(async () => expect(await dataSource.query(`SELECT count(*)::int AS n FROM ${jobQueueSchema('notifications')}._private_jobs WHERE payload->>'userId' = $1`, [String(user.id)])).toEqual([{ n: 0 }]));

  beforeAll(async () => {
    ({ user, caller } = await signUp());
  });

  it('sends the emails of 10 completed meals in a day and skips the 11th and 12th, without retrying them', async () => {
    for (let i = 0; i < 12; i++) {
      const mealId = 5000 + user.id * 20 + i;
      const timestamp = new Date().toISOString();
      await journalEvents.store.append(`meal-${mealId}`, 0, [
        { type: EventTypes.MealCreated, schemaVersion: 1, data: { mealId, userId: user.id, name: `Snack ${i + 1}`, mealType: 'snack', timestamp, timeZone: caller.timeZone, notes: null } },
        { type: EventTypes.MealCompleted, schemaVersion: 1, data: { mealId, userId: user.id, completedAt: timestamp } },
      ], { userId: user.id });
    }
    await eventually(async () => expect(await skipped()).toHaveLength(2), 20_000);
    await noJobsLeft();
    expect(inbox(user.email)).toHaveLength(10);
    expect(await skipped()).toEqual(Array.from({ length: 2 }, () => ({ email_type: 'meal', reason: expect.stringContaining("the person's 10 meal emails of") })));
  });

  it('caps every other non-transactional email to the address at 20 a day: the daily summary test sends beyond it are skipped', async () => {
    for (let i = 0; i < 12; i++) await services.call(Rpc.notifications.testDailySummary, { caller });
    await eventually(async () => expect(await skipped()).toHaveLength(4), 20_000);
    await noJobsLeft();
    expect(inbox(user.email)).toHaveLength(20);
    expect((await skipped()).slice(2)).toEqual(Array.from({ length: 2 }, () => ({ email_type: 'daily-summary', reason: "today's 20 emails to this address were sent already" })));
  });
});

describe('the daily summary test send', () => {
  it('offers its unsubscribe, which turns the daily summary off and leaves meal emails alone', async () => {
    const { user, caller } = await signUp();
    await services.call(Rpc.notifications.testDailySummary, { caller });
    const email = await oneEmail(user.email);
    const token = tokenOf((email.headers.get('list-unsubscribe') ?? '').slice(1, -1));
    expect(email.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(await services.call(Rpc.notifications.unsubscribe, { token })).toEqual({ message: NotificationsMessages.unsubscribed.emailNotifications, preference: 'emailNotifications' });
    expect(preferenceChanges.filter((change) => change.caller.userId === caller.userId)).toEqual([{ caller, input: { emailNotifications: false } }]);
    await eventually(async () => expect(await preferencesOf(user.id)).toEqual([{ emailNotifications: false, mealNotifications: true }]));
  });

  it('is branded for the domain the person signed up on, sender included', async () => {
    const { user, caller } = await signUp(gutFriend.name);
    await services.call(Rpc.notifications.testDailySummary, { caller });
    const email = await oneEmail(user.email);
    expect(email.from).toBe('"Gut Friend" <hello@gutfriend.test>');
    expect(email.html).toContain('background:#2e7d32');
    expect(email.html).toContain('Gut Friend');
    expect(email.text).toContain('Gut Friend · ');
    expect(email.html).not.toContain('FODMAP Journal');
  });
});

describe('advertisers and statistics', () => {
  const admin: Caller = { userId: 1, timeZone: 'UTC' };
  const advertiser = (name: string, priority = 1) => ({
    name,
    productName: `${name} Tea`,
    description: `${name} soothes`,
    ctaText: 'Try it',
    ctaLink: `https://${name.toLowerCase()}.example/tea`,
    isActive: true,
    priority,
  });

  it('counts the sends of each advertiser and their clicks, keeping a deleted advertiser by name', async () => {
    const emailBefore = await services.call(Rpc.notifications.emailStats, { caller: admin });
    const first = await services.call(Rpc.notifications.createAdvertiser, { caller: admin, input: advertiser('Acme') });
    const { user, caller } = await signUp();

    // The only active advertiser is in the summary, with its counted click link and the default disclaimer.
    await services.call(Rpc.notifications.testDailySummary, { caller });
    const summary = await oneEmail(user.email);
    expect(summary.text).toContain('Acme soothes');
    expect(summary.text).toContain(`${publicUrl}/api/sponsored/${first.id}`);
    expect(summary.text).toContain(DEFAULT_DISCLAIMER);

    await services.call(Rpc.notifications.updateAdvertiser, { caller: admin, advertiserId: first.id, input: { ...advertiser('Acme'), isActive: false } });
    const second = await services.call(Rpc.notifications.createAdvertiser, { caller: admin, input: advertiser('Bloom', 5) });
    await services.call(Rpc.notifications.testDailySummary, { caller });
    await services.call(Rpc.notifications.testDailySummary, { caller });
    await eventually(async () => expect(inbox(user.email)).toHaveLength(3));
    expect(inbox(user.email).filter((email) => email.text.includes('Bloom soothes'))).toHaveLength(2);

    expect(await services.call(Rpc.notifications.sponsoredClick, { advertiserId: first.id })).toEqual({ url: 'https://acme.example/tea' });
    expect(await services.call(Rpc.notifications.deleteAdvertiser, { caller: admin, advertiserId: first.id })).toEqual({ message: 'Advertiser deleted successfully' });
    expect((await services.call(Rpc.notifications.listAdvertisers, { caller: admin })).map((a) => a.id)).not.toContain(first.id);
    expect(await services.failure(Rpc.notifications.updateAdvertiser, { caller: admin, advertiserId: first.id, input: advertiser('Acme') })).toEqual({ status: 404, message: 'Advertiser not found' });
    expect(await services.failure(Rpc.notifications.sponsoredClick, { advertiserId: 999_999 })).toEqual({ status: 404, message: 'Advertiser not found' });

    await eventually(async () => {
      const stats = await services.call(Rpc.notifications.advertiserStats, { caller: admin });
      expect(stats.filter((row) => [first.id, second.id].includes(row.advertiserId))).toEqual([
        { advertiserId: second.id, advertiserName: 'Bloom', totalEmailsSent: 2, lastEmailSent: expect.any(String), clicks: 0, deleted: false },
        { advertiserId: first.id, advertiserName: 'Acme', totalEmailsSent: 1, lastEmailSent: expect.any(String), clicks: 1, deleted: true },
      ]);
    });
    const emailAfter = await services.call(Rpc.notifications.emailStats, { caller: admin });
    const countOf = (stats: typeof emailAfter, type: string) => stats.campaignsByType.find((row) => row.emailType === type)?.count ?? 0;
    expect(emailAfter.totalSent).toBeGreaterThanOrEqual(emailBefore.totalSent + 3);
    expect(countOf(emailAfter, 'daily-summary') - countOf(emailBefore, 'daily-summary')).toBeGreaterThanOrEqual(3);
    expect(emailAfter.totalUsers).toBeGreaterThan(emailBefore.totalUsers);
    expect(Date.parse(emailAfter.lastSent ?? '')).toBeGreaterThanOrEqual(Date.parse(emailBefore.lastSent ?? '1970-01-01'));
  });
});

describe('sending side by side', () => {
  const email = (label: string): Email => ({
    eventId: randomUUID(),
    emailType: 'password-reset',
    userId: null,
    to: `${label}.${Date.now()}@example.com`,
    template: 'password-reset',
    context: { firstName: 'Ann', resetUrl: `${publicUrl}/reset-password?token=abc` },
    correlationId: null,
  });
  const enqueueAll = (emails: Email[]) =>
    dataSource.transaction(async (manager) => {
      for (const one of emails) await enqueue(manager, sendEmailJob, one, { key: one.eventId });
    });
  const workerOver = (mailer: Mailer, concurrency: number) =>
    new JobWorker({ dataSource, handlers: [new EmailSender({ dataSource, renderer: new EmailRenderer(), transport: mailer }).handler()], concurrency });

  beforeAll(async () => {
    // The service's own worker would race these tests for the jobs they enqueue.
    await notifications.get(JobWorker).stop();
  });
  afterAll(async () => {
    await notifications.get(JobWorker).start();
  });

  it('delivers every email exactly once with eight senders in two workers over a pooled connection', async () => {
    const batch = Array.from({ length: 40 }, (_, i) => email(`batch${i}`));
    await enqueueAll(batch);
    const mailer = new Mailer(`smtp://127.0.0.1:${sink.port}`, 8);
    const workers = [workerOver(mailer, 4), workerOver(mailer, 4)];
    try {
      await Promise.all(workers.map((one) => one.start()));
      await eventually(async () => {
        for (const one of batch) expect(await jobByKey(dataSource, 'notifications', one.eventId)).toEqual([]);
      });
    } finally {
      await Promise.all(workers.map((one) => one.close()));
      mailer.close();
    }
    for (const one of batch) expect(inbox(one.to)).toHaveLength(1);
  });

  it('retries while SMTP is down, then keeps the email failed after the last try, never sending it', async () => {
    const down = email('smtp-down');
    await enqueueAll([down]);
    // A port nothing listens on: connection refused.
    const mailer = new Mailer('smtp://127.0.0.1:1', 2);
    const worker = workerOver(mailer, 4);
    try {
      await worker.drain();
      expect(await jobByKey(dataSource, 'notifications', down.eventId)).toEqual([
        { id: expect.any(String), attempts: 1, max_attempts: 8, last_error: expect.stringContaining('ECONNREFUSED'), due_later: true },
      ]);
      for (let attempt = 2; attempt <= sendEmailJob.maxAttempts; attempt++) {
        await letJobTimePass(dataSource, 'notifications', down.eventId);
        await worker.drain();
      }
      expect(await jobByKey(dataSource, 'notifications', down.eventId)).toEqual([
        { id: expect.any(String), attempts: 8, max_attempts: 8, last_error: expect.stringContaining('ECONNREFUSED'), due_later: true },
      ]);
      await letJobTimePass(dataSource, 'notifications', down.eventId);
      await worker.drain();
      expect((await jobByKey(dataSource, 'notifications', down.eventId))[0].attempts).toBe(8);
    } finally {
      await worker.close();
      mailer.close();
    }
    expect(inbox(down.to)).toEqual([]);
  });
});

describe("a person's export of the emails sent to them (issue 20)", () => {
  it("pages through every one, oldest first, the same instant and microseconds apart alike, and none of anyone else's", async () => {
    const userId = 8800 + ++people;
    // 2,500 emails, three at each instant, the instants a microsecond apart: a cursor kept to the millisecond would repeat or skip them.
    await dataSource.query(
      `INSERT INTO notifications.sent_emails (event_id, email_type, user_id, recipient, subject, sent_at)
       SELECT 'export-' || $1::int || '-' || n, 'daily_summary', $1::int, 'pages@example.com', 'Summary ' || n, timestamptz '2025-01-01T08:00:00Z' + (n / 3) * interval '1 microsecond'
       FROM generate_series(1, 2500) n`,
      [userId],
    );
    await dataSource.query(`INSERT INTO notifications.sent_emails (event_id, email_type, user_id, recipient, subject) VALUES ($1, 'meal', $2, 'other@example.com', 'Not yours')`, [
      `export-other-${userId}`,
      userId + 1,
    ]);
    const caller: Caller = { userId, timeZone: 'Europe/London' };
    const subjects: string[] = [];
    let pages = 0;
    for (let after: RpcParsed<typeof Rpc.notifications.exportEmails>['after'] = null; ; pages += 1) {
      const page = await services.call(Rpc.notifications.exportEmails, { caller, after });
      subjects.push(...page.items.map((sent) => sent.subject ?? ''));
      if (page.next === null) break;
      after = page.next;
    }
    expect(pages).toBe(2);
    expect(subjects).toHaveLength(2500);
    expect(new Set(subjects).size).toBe(2500);
    expect(subjects).not.toContain('Not yours');
    expect(subjects.slice(0, 2)).toEqual(['Summary 1', 'Summary 2']);
  });
});
