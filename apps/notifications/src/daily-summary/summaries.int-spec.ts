import { CorrelationEntry, DEFAULT_HOST, FoodSnapshot, Messages, NotificationsMessages, Rpc } from '@fodmap/contracts';
import { CaughtMessage, Mailcatcher, startMailcatcher } from '@fodmap/mailcatcher';
import { JobWorker, rebuildConsumerProjection, rpcFailure, scrapeMetrics, SERVER_CONFIG, ServiceRequester, subject } from '@fodmap/server';
import { eventually, Producer, ServiceCaller, startProducer, startService, suitePrefix, testConfig } from '@fodmap/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, MicroserviceOptions, Payload, Transport } from '@nestjs/microservices';
import { SchedulerRegistry } from '@nestjs/schedule';
import { getDataSourceToken } from '@nestjs/typeorm';
import { connect } from 'nats';
import { DataSource } from 'typeorm';
import { AdvertiserPicker } from '../advertisers/advertiser-picker';
import { journalDigestProjection } from '../audience/journal-digest.projection';
import { recipientsProjection } from '../audience/recipients.projection';
import { DailySummaries } from './daily-summaries';
import { DAILY_SUMMARY_JOB, DailySummaryScheduler } from './daily-summary.scheduler';

const garlic: FoodSnapshot = {
  id: 11, name: 'Garlic', fodmapRating: 'high', servingSize: '1 clove (3 g)', servingGrams: 3, caloriesPerServing: 4, foodType: 'vegetable',
  oligoGroup: 'other', ibsTriggerType: 'fructans', fructans: null, galactans: null, excessFructose: null, sorbitol: null, mannitol: null, xylitol: null, lactose: null,
};
const rice: FoodSnapshot = {
  id: 12, name: 'White rice', fodmapRating: 'low', servingSize: '1 cup (190 g)', servingGrams: 190, caloriesPerServing: 240, foodType: 'grain',
  oligoGroup: 'grain_legume_nut', ibsTriggerType: null, fructans: null, galactans: null, excessFructose: null, sorbitol: null, mannitol: null, xylitol: null, lactose: null,
};

/** People whose top correlation the stand-in insights answers, and people for whom it fails. */
const garlicFinders = new Set<number>();
const insightsFailsFor = new Set<number>();
const garlicFinding = { foodId: garlic.id, foodName: 'Garlic', fodmapRating: 'high', totalMeals: 8, symptomsAfter: 6, correlationRate: 0.75, riskLabel: 'High Risk', evidence: 'strong' } as CorrelationEntry;

/** Stands in for insights' topCorrelations: the summaries' one request to another service. */
function standInInsightsModule() {
  @Controller()
  class StandInTopCorrelations {
    @MessagePattern(subject(Rpc.insights.topCorrelations))
    top(@Payload() payload: { users: Array<{ userId: number }> }) {
      if (payload.users.some(({ userId }) => insightsFailsFor.has(userId))) throw rpcFailure(500, 'insights broke');
      return payload.users.map(({ userId }) => ({ userId, top: garlicFinders.has(userId) ? garlicFinding : null }));
    }
  }
  @Module({ controllers: [StandInTopCorrelations] })
  class StandInInsightsModule {}
  return StandInInsightsModule;
}

let catcher: Mailcatcher;
let identity: Producer;
let journal: Producer;
let insights: INestMicroservice;
let notifications: INestMicroservice;
let dataSource: DataSource;
let caller: ServiceCaller;
let publicUrl: string;

beforeAll(async () => {
  catcher = await startMailcatcher({ smtpPort: 0, httpPort: 0 });
  process.env.SMTP_URL = `smtp://127.0.0.1:${catcher.smtpPort}`;
  process.env.NATS_PREFIX = suitePrefix('daily_summary');
  publicUrl = testConfig().publicUrl;
  identity = await startProducer('identity');
  journal = await startProducer('journal');
  insights = await NestFactory.createMicroservice<MicroserviceOptions>(standInInsightsModule(), {
    transport: Transport.NATS,
    options: { servers: [testConfig().natsUrl] },
    logger: ['error'],
  });
  await insights.listen();
  const { AppModule } = await import('../app.module');
  notifications = await startService('notifications', AppModule);
  dataSource = notifications.get<DataSource>(getDataSourceToken());
  caller = await ServiceCaller.connect();
});

afterAll(async () => {
  await caller?.close();
  await notifications?.close();
  await insights?.close();
  await journal?.stop();
  await identity?.stop();
  await catcher?.close();
});

/** What a browser reads from the HTML's href attributes (handlebars escapes '=' and '&' in them). */
const decodeAttributes = (html: string) => html.replace(/&#x3D;/g, '=').replace(/&amp;/g, '&');

async function inbox(to: string): Promise<CaughtMessage[]> {
  return (await (await fetch(`http://127.0.0.1:${catcher.httpPort}/api/messages?to=${encodeURIComponent(to)}`)).json()) as CaughtMessage[];
}

let lastId = 100;
const nextId = () => ++lastId;

interface Person {
  userId: number;
  email: string;
  timeZone: string;
}

/** Registers a person as identity does, who confirms their address unless `verified` is false, and waits until notifications knows them. */
async function register(timeZone: string, preferences?: { emailNotifications: boolean; mealNotifications: boolean }, verified = true): Promise<Person> {
  const userId = nextId();
  const email = `person${userId}.${Date.now()}@example.com`;
  const events = [{ type: 'UserRegistered', schemaVersion: 2, data: { userId, email, firstName: `Ann${userId}`, lastName: 'Lee', timeZone, host: DEFAULT_HOST } }];
  if (preferences) events.push({ type: 'NotificationPreferencesChanged', schemaVersion: 1, data: { userId, ...preferences } as never });
  if (verified) events.push({ type: 'EmailVerified', schemaVersion: 1, data: { userId, verifiedAt: new Date().toISOString() } as never });
  await identity.store.append(`user-${userId}`, 0, events, { userId });
  await eventually(async () => {
    const rows = await dataSource.query('SELECT email_notifications, email_verified FROM notifications.recipients WHERE user_id = $1', [userId]);
    expect(rows).toEqual([{ email_notifications: preferences?.emailNotifications ?? true, email_verified: verified }]);
  });
  return { userId, email, timeZone };
}

/** What logDay logged: the meal, its rice entry and the symptom after it. */
interface LoggedDay {
  mealId: number;
  riceEntryId: number;
  symptomId: number;
}

/** A completed meal of garlic and rice at `at`, with abdominal pain after it, logged as the journal does. */
async function logDay(person: Person, at: string, mealName = 'Garlic rice'): Promise<LoggedDay> {
  const mealId = nextId();
  const symptomId = nextId();
  const riceEntryId = nextId();
  const { userId, timeZone } = person;
  await journal.store.append(
    `meal-${mealId}`,
    0,
    [
      { type: 'MealCreated', schemaVersion: 1, data: { mealId, userId, name: mealName, mealType: 'dinner', timestamp: at, timeZone, notes: null } },
      { type: 'MealFoodAdded', schemaVersion: 1, data: { mealId, userId, entryId: nextId(), quantity: 2, servingUnit: 'clove', grams: 6, food: garlic } },
      { type: 'MealFoodAdded', schemaVersion: 1, data: { mealId, userId, entryId: riceEntryId, quantity: 1, servingUnit: 'cup', grams: 190, food: rice } },
      { type: 'MealCompleted', schemaVersion: 1, data: { mealId, userId, completedAt: at } },
    ],
    { userId },
  );
  const feltAt = new Date(Date.parse(at) + 2 * 3_600_000).toISOString();
  await journal.store.append(
    `symptom-${symptomId}`,
    0,
    [{ type: 'SymptomLogged', schemaVersion: 1, data: { symptomId, userId, symptomType: 'pain', severity: 'moderate', notes: null, mealId, timestamp: feltAt, timeZone } }],
    { userId },
  );
  await eventually(async () => expect(await dataSource.query('SELECT 1 FROM notifications.digest_symptoms WHERE symptom_id = $1', [symptomId])).toHaveLength(1));
  return { mealId, riceEntryId, symptomId };
}

const summaries = () => notifications.get(DailySummaries);

/**
 * The summaries of these people enqueued so far (a send-email job, keyed `daily-summary:<user>:<day>`, or sent), by
 * user. An email is in sent_emails a moment before its job is deleted, so one in both counts once.
 */
async function summariesOf(people: Person[]): Promise<Array<{ user_id: number; event_id: string }>> {
  return dataSource.query(
    `SELECT DISTINCT user_id, event_id FROM (
       SELECT split_part(key, ':', 2)::integer AS user_id, key AS event_id FROM notifications_jobs.jobs WHERE task_identifier = 'send-email' AND key LIKE 'daily-summary:%'
       UNION ALL SELECT user_id, event_id FROM notifications.sent_emails WHERE email_type = 'daily-summary'
     ) summaries WHERE user_id = ANY($1)
     ORDER BY user_id`,
    [people.map(({ userId }) => userId)],
  );
}

describe('daily summary', () => {
  it("reaches people in Tokyo, London and Los Angeles at their own 08:00, for their previous day, once, with what they logged", async () => {
    const tokyo = await register('Asia/Tokyo');
    const london = await register('Europe/London');
    const losAngeles = await register('America/Los_Angeles');
    garlicFinders.add(tokyo.userId);
    // Each one's dinner at 19:00 on 10 February 2026, their own time.
    await logDay(tokyo, '2026-02-10T10:00:00Z');
    await logDay(london, '2026-02-10T19:00:00Z');
    await logDay(losAngeles, '2026-02-11T03:00:00Z');
    const all = [tokyo, london, losAngeles];

    // 07:59 in Tokyo: nobody yet.
    await summaries().runDue(new Date('2026-02-10T22:59:00Z'));
    expect(await summariesOf(all)).toEqual([]);
    // 08:00 in Tokyo, 23:00 of the 10th in London, 15:00 of the 10th in Los Angeles.
    await summaries().runDue(new Date('2026-02-10T23:00:00Z'));
    expect(await summariesOf(all)).toEqual([{ user_id: tokyo.userId, event_id: `daily-summary:${tokyo.userId}:2026-02-10` }]);
    await summaries().runDue(new Date('2026-02-11T07:59:00Z'));
    expect(await summariesOf(all)).toHaveLength(1);
    await summaries().runDue(new Date('2026-02-11T08:00:00Z'));
    await summaries().runDue(new Date('2026-02-11T15:59:00Z'));
    expect((await summariesOf(all)).map(({ user_id }) => user_id)).toEqual([tokyo.userId, london.userId]);
    await summaries().runDue(new Date('2026-02-11T16:00:00Z'));
    // Later runs the same day send nothing again.
    await summaries().runDue(new Date('2026-02-11T17:30:00Z'));
    await summaries().runDue(new Date('2026-02-11T23:59:00Z'));
    expect(await summariesOf(all)).toEqual(
      all.map(({ userId }) => ({ user_id: userId, event_id: `daily-summary:${userId}:2026-02-10` })).sort((a, b) => a.user_id - b.user_id),
    );

    for (const person of all) await eventually(async () => expect(await inbox(person.email)).toHaveLength(1));
    const [email] = await inbox(tokyo.email);
    expect(email.subject).toBe('Yesterday in FODMAP Journal: Tuesday, February 10');
    for (const body of [email.text, email.html ?? '']) {
      expect(body).toContain(`Hi Ann${tokyo.userId},`);
      expect(body).toContain('1 meal and 1 symptom logged.');
      expect(body).toContain('Garlic rice');
      expect(body).toContain('Dinner');
      expect(body).toContain('7:00 PM');
      expect(body).toContain('High FODMAP');
      expect(body).toContain('Low FODMAP');
      // Spec §4: one high and one low food, a risk of 50, its high food named first; the day's score is 100 minus that.
      expect(body).toContain('High: Garlic');
      expect(body).toContain('FODMAP risk 50 · Notable medium/high FODMAP content');
      expect(body).toContain('Day’s score 50 · Fair');
      expect(body).toContain('Abdominal Pain');
      expect(body).toContain('9:00 PM');
      expect(body).toContain('High Risk. Symptoms followed 6 of 8 meals with it (75%). Avoid.');
      expect(body).toContain(`${publicUrl}/diary`);
      expect(body).toContain('Not medical advice - Always consult healthcare professionals');
    }
    // The others got theirs without a finding; Los Angeles' dinner was at 7:00 PM their time too.
    const [other] = await inbox(losAngeles.email);
    expect(other.text).toContain('7:00 PM');
    expect(other.text).not.toContain('YOUR TOP FINDING');
    expect(await inbox(tokyo.email)).toHaveLength(1);
  });

  it('is recorded once when two schedulers run on one database at the same time', async () => {
    const people = await Promise.all([register('Europe/Paris'), register('Europe/Paris'), register('Europe/Paris')]);
    for (const person of people) await logDay(person, '2026-03-03T12:00:00Z');
    // A second instance with a connection pool of its own, as a second replica has.
    const otherDataSource = await new DataSource(dataSource.options).initialize();
    const other = new DailySummaries(otherDataSource, notifications.get(SERVER_CONFIG), notifications.get(ServiceRequester), notifications.get(AdvertiserPicker));
    const now = new Date('2026-03-04T07:00:00Z');

    const [first, second] = await Promise.all([summaries().runDue(now), other.runDue(now)]);
    expect(first + second).toBe(3);
    expect(await Promise.all([summaries().runDue(now), other.runDue(now)])).toEqual([0, 0]);
    expect(await summariesOf(people)).toHaveLength(3);
    for (const person of people) await eventually(async () => expect(await inbox(person.email)).toHaveLength(1));
    await otherDataSource.destroy();
  });

  it('goes to nobody whose day was empty, who turned daily summaries off or who has not confirmed their address; the others get theirs even when insights fails', async () => {
    const empty = await register('Europe/Berlin');
    const off = await register('Europe/Berlin', { emailNotifications: false, mealNotifications: false });
    const unconfirmed = await register('Europe/Berlin', undefined, false);
    const logged = await register('Europe/Berlin');
    insightsFailsFor.add(logged.userId);
    await logDay(off, '2026-04-14T12:00:00Z');
    await logDay(unconfirmed, '2026-04-14T12:00:00Z');
    await logDay(logged, '2026-04-14T12:00:00Z');
    // The day before holds the empty person's only meal: not their summary's day.
    await logDay(empty, '2026-04-13T12:00:00Z');

    await summaries().runDue(new Date('2026-04-15T06:00:00Z'));
    expect((await summariesOf([empty, off, unconfirmed, logged])).map(({ user_id }) => user_id)).toEqual([logged.userId]);
    const [email] = await eventually(async () => {
      const messages = await inbox(logged.email);
      expect(messages).toHaveLength(1);
      return messages;
    });
    expect(email.text).toContain('Garlic rice');
    expect(email.text).not.toContain('YOUR TOP FINDING');
    expect(await inbox(empty.email)).toEqual([]);
    expect(await inbox(off.email)).toEqual([]);
    expect(await inbox(unconfirmed.email)).toEqual([]);
  });

  it('goes at 08:00 in the zone the person corrected (UserProfileChanged), no longer in their sign-up zone', async () => {
    const moved = await register('Asia/Tokyo');
    const profile = { userId: moved.userId, condition: 'ibs', dietPhase: 'starting', timeZone: 'America/Los_Angeles', onboarding: 'answered' };
    // After UserRegistered and EmailVerified.
    await identity.store.append(`user-${moved.userId}`, 2, [{ type: 'UserProfileChanged', schemaVersion: 1, data: profile }], { userId: moved.userId });
    await eventually(async () => expect(await dataSource.query('SELECT time_zone FROM notifications.recipients WHERE user_id = $1', [moved.userId])).toEqual([{ time_zone: 'America/Los_Angeles' }]));
    // Dinner at 19:00 on 10 June in Los Angeles, logged in the zone the journal now has for them.
    const inLosAngeles = { ...moved, timeZone: 'America/Los_Angeles' };
    await logDay(inLosAngeles, '2026-06-11T02:00:00Z');
    // 08:00 on the 11th in Tokyo is 16:00 on the 10th in Los Angeles: not yet.
    await summaries().runDue(new Date('2026-06-10T23:00:00Z'));
    expect(await summariesOf([moved])).toEqual([]);
    await summaries().runDue(new Date('2026-06-11T15:00:00Z'));
    expect(await summariesOf([moved])).toEqual([{ user_id: moved.userId, event_id: `daily-summary:${moved.userId}:2026-06-10` }]);
  });

  it('catches up later the same day after the service was down at 08:00, never the next day', async () => {
    const caughtUp = await register('America/New_York');
    await logDay(caughtUp, '2026-05-05T16:00:00Z');
    // Down over 08:00 (12:00Z) on the 6th, back at 10:00.
    await summaries().runDue(new Date('2026-05-06T14:00:00Z'));
    expect(await summariesOf([caughtUp])).toEqual([{ user_id: caughtUp.userId, event_id: `daily-summary:${caughtUp.userId}:2026-05-05` }]);

    // Down from before 08:00 on the 6th until 10:00 on the 7th: the 5th is never sent.
    const missed = await register('America/New_York');
    await logDay(missed, '2026-05-05T16:00:00Z');
    await summaries().runDue(new Date('2026-05-07T14:00:00Z'));
    expect(await summariesOf([missed])).toEqual([]);
  });

  it('follows a correction: a meal and symptom moved to the day before are in that day\'s summary, the food rated at its corrected amount', async () => {
    const person = await register('Europe/Rome');
    // 19:00 on 10 June 2026 in Rome, moved to 19:00 on the 9th; the rice corrected from one cup to two.
    const { mealId, riceEntryId, symptomId } = await logDay(person, '2026-06-10T17:00:00Z');
    const { userId, timeZone } = person;
    const changedAt = '2026-06-10T18:00:00Z';
    await journal.store.append(
      `meal-${mealId}`,
      4,
      [
        {
          type: 'MealChanged',
          schemaVersion: 1,
          data: { mealId, userId, name: 'Garlic rice', mealType: 'dinner', timestamp: '2026-06-09T17:00:00Z', timeZone, notes: null, changed: ['timestamp'], changedAt },
        },
        { type: 'MealFoodChanged', schemaVersion: 1, data: { mealId, userId, entryId: riceEntryId, quantity: 2, servingUnit: 'cup', grams: 380, food: rice, changedAt } },
      ],
      { userId },
    );
    await journal.store.append(
      `symptom-${symptomId}`,
      1,
      [
        {
          type: 'SymptomChanged',
          schemaVersion: 1,
          data: { symptomId, userId, symptomType: 'pain', severity: 'moderate', notes: null, mealId, timestamp: '2026-06-09T19:00:00Z', timeZone, changed: ['timestamp'], changedAt },
        },
      ],
      { userId },
    );
    await eventually(async () =>
      expect(await dataSource.query('SELECT local_day::text FROM notifications.digest_symptoms WHERE symptom_id = $1', [symptomId])).toEqual([{ local_day: '2026-06-09' }]),
    );
    expect(await dataSource.query('SELECT local_day::text, completed FROM notifications.digest_meals WHERE meal_id = $1', [mealId])).toEqual([{ local_day: '2026-06-09', completed: true }]);

    // 08:00 on the 10th in Rome: the summary of the 9th, which now holds the dinner and the pain after it.
    await summaries().runDue(new Date('2026-06-10T06:00:00Z'));
    expect(await summariesOf([person])).toEqual([{ user_id: userId, event_id: `daily-summary:${userId}:2026-06-09` }]);
    const [email] = await eventually(async () => {
      const messages = await inbox(person.email);
      expect(messages).toHaveLength(1);
      return messages;
    });
    expect(email.text).toContain('1 meal and 1 symptom logged.');
    expect(email.text).toContain('Garlic rice');
    // Garlic high, and two cups of rice no longer known to be low: the risk is the garlic's alone, and named first.
    expect(email.text).toContain('FODMAP risk 100 · Significant high FODMAP foods');
    expect(email.text.indexOf('High: Garlic')).toBeLessThan(email.text.indexOf('FODMAP risk 100'));
  });

  it('counts a zone\'s summaries as overdue from 09:00 there until they are sent, queued or not, and nobody whose day was empty', async () => {
    const tokyo = await register('Asia/Tokyo');
    const empty = await register('Asia/Tokyo');
    const madrid = await register('Europe/Madrid');
    // Dinner at 19:00 on 10 August 2026 in Tokyo and in Madrid.
    await logDay(tokyo, '2026-08-10T10:00:00Z');
    await logDay(madrid, '2026-08-10T17:00:00Z');
    const overdueAt = async (now: string) => Object.fromEntries((await summaries().overdue(new Date(now))).map(({ zone, overdue }) => [zone, overdue]));

    // 08:30 in Tokyo: due, not late yet. Every zone in use is reported, late or not.
    expect(await overdueAt('2026-08-10T23:30:00Z')).toMatchObject({ 'Asia/Tokyo': 0, 'Europe/Madrid': 0 });
    // 09:00 in Tokyo, 02:00 in Madrid; the run that was due at 08:00 never came.
    expect(await overdueAt('2026-08-11T00:00:00Z')).toMatchObject({ 'Asia/Tokyo': 1, 'Europe/Madrid': 0 });
    // Queued while the email queue stands still: still not sent.
    await notifications.get(JobWorker).stop();
    try {
      expect(await summaries().runDue(new Date('2026-08-11T00:00:00Z'))).toBe(1);
      expect(await overdueAt('2026-08-11T00:05:00Z')).toMatchObject({ 'Asia/Tokyo': 1 });
    } finally {
      await notifications.get(JobWorker).start();
    }
    await eventually(async () => expect(await inbox(tokyo.email)).toHaveLength(1));
    await eventually(async () => expect(await overdueAt('2026-08-11T00:05:00Z')).toMatchObject({ 'Asia/Tokyo': 0 }));
    // 09:00 in Madrid: theirs is late now; the next day nobody's is (a day missed entirely is never sent).
    expect(await overdueAt('2026-08-11T07:00:00Z')).toMatchObject({ 'Asia/Tokyo': 0, 'Europe/Madrid': 1 });
    expect(await overdueAt('2026-08-12T07:00:00Z')).toMatchObject({ 'Europe/Madrid': 0 });
    expect(await inbox(empty.email)).toEqual([]);
  });

  it('reports the overdue summaries of each zone as fodmap_daily_summaries_overdue after each minute\'s run, until they are sent', async () => {
    // A zone where it is 14:00-14:59 now: today's summary is late there, and stays so for this test.
    const offset = 14 - new Date().getUTCHours();
    const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    const local = new Date(Date.now() + offset * 3_600_000);
    const yesterdayNoon = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - 1, 12) - offset * 3_600_000);
    const series = new RegExp(`^fodmap_daily_summaries_overdue\\{zone="${zone.replace('+', '\\+')}"\\} (\\d+)$`, 'm');
    const scraped = async () => Number(series.exec(await scrapeMetrics())?.[1]);
    const scheduler = notifications.get(DailySummaryScheduler);
    // The real clock here: this test runs the minute's run itself.
    const schedule = notifications.get(SchedulerRegistry).getCronJob(DAILY_SUMMARY_JOB);
    await schedule.stop();
    try {
      const person = await register(zone);
      await logDay(person, yesterdayNoon.toISOString());
      // The run claims and queues it while the email queue stands still: late and not sent.
      await notifications.get(JobWorker).stop();
      try {
        await scheduler.tick();
        expect(await summariesOf([person])).toHaveLength(1);
        expect(await scraped()).toBe(1);
      } finally {
        await notifications.get(JobWorker).start();
      }
      await eventually(async () => expect(await inbox(person.email)).toHaveLength(1));
      await scheduler.tick();
      expect(await scraped()).toBe(0);
    } finally {
      schedule.start();
    }
  });

  it("sends Profile's test summary of today so far to the caller's own address, also when nothing is logged yet", async () => {
    const person = await register('Asia/Tokyo');
    const reply = await caller.call(Rpc.notifications.testDailySummary, { caller: { userId: person.userId, timeZone: person.timeZone } });
    expect(reply).toEqual({ message: NotificationsMessages.testEmailSent });
    const [email] = await eventually(async () => {
      const messages = await inbox(person.email);
      expect(messages).toHaveLength(1);
      return messages;
    });
    expect(email.subject).toMatch(/^Today so far in FODMAP Journal: /);
    expect(email.text).toContain('Nothing logged yet.');

    expect(await caller.failure(Rpc.notifications.testDailySummary, { caller: { userId: 987_654, timeZone: 'UTC' } })).toEqual({ status: 404, message: Messages.userNotFound });
  });
});

describe('meal email', () => {
  it('arrives when a meal is completed by someone with meal emails on, with the meal, its ratings and one-tap symptom links', async () => {
    const person = await register('Europe/London', { emailNotifications: true, mealNotifications: true });
    const quiet = await register('Europe/London');
    await logDay(person, '2026-06-01T12:30:00Z', 'Lunch bowl');
    await logDay(quiet, '2026-06-01T12:30:00Z', 'Lunch bowl');

    const [email] = await eventually(async () => {
      const messages = await inbox(person.email);
      expect(messages).toHaveLength(1);
      return messages;
    });
    expect(email.subject).toBe('Lunch bowl: how are you feeling?');
    for (const body of [email.text, decodeAttributes(email.html ?? '')]) {
      expect(body).toContain('Lunch bowl');
      expect(body).toContain('1:30 PM');
      expect(body).toContain('Garlic');
      expect(body).toContain('High FODMAP');
      expect(body).toContain('You completed');
      expect(body).toContain('FODMAP risk 50 · Notable medium/high FODMAP content');
      expect(body).toContain('Bloating · moderate');
      expect(body).toContain(`${publicUrl}/log-symptom?token=`);
    }
    expect(email.text).toMatch(/Bloating · moderate: \S+\/log-symptom\?token=\S+&symptom=bloating&severity=2/);
    expect(decodeAttributes(email.html ?? '')).toMatch(/href="[^"]+\/log-symptom\?token=[^"]+&symptom=bloating&severity=2"[^>]*>Bloating · moderate</);
    expect(await inbox(quiet.email)).toEqual([]);
  });

  it("sends Profile's test meal email with the caller's newest meal, claiming no completion", async () => {
    const person = await register('Europe/London');
    await logDay(person, '2026-06-02T18:00:00Z', 'Early dinner');
    await logDay(person, '2026-06-03T18:00:00Z', 'Late dinner');
    const reply = await caller.call(Rpc.notifications.testMealEmail, { caller: { userId: person.userId, timeZone: person.timeZone } });
    expect(reply).toEqual({ message: NotificationsMessages.testMealEmailSent });
    const [email] = await eventually(async () => {
      const messages = await inbox(person.email);
      expect(messages).toHaveLength(1);
      return messages;
    });
    expect(email.subject).toBe('Late dinner: how are you feeling?');
    expect(email.text).toContain('Garlic (2 clove): High FODMAP');
    expect(email.text).toContain('This is a test meal email. It shows your newest meal, Late dinner');
    expect(email.text).not.toContain('You completed');
  });
});

describe('audience projections', () => {
  const readTables = async () =>
    Object.fromEntries(
      await Promise.all(
        ['recipients', 'digest_meals', 'digest_meal_foods', 'digest_symptoms'].map(async (table) => [
          table,
          await dataSource.query(`SELECT * FROM notifications.${table} ORDER BY 1`),
        ]),
      ),
    );

  it('rebuild from the streams to the same rows, a deleted meal gone and its symptom kept unlinked', async () => {
    const person = await register('Europe/London');
    const { mealId } = await logDay(person, '2026-07-01T12:00:00Z', 'Deleted lunch');
    await journal.store.append(`meal-${mealId}`, 4, [{ type: 'MealDeleted', schemaVersion: 1, data: { mealId, userId: person.userId, deletedAt: '2026-07-01T13:00:00Z' } }], { userId: person.userId });
    await eventually(async () => expect(await dataSource.query('SELECT 1 FROM notifications.digest_meals WHERE meal_id = $1', [mealId])).toEqual([]));
    const live = await readTables();
    expect(live.digest_meal_foods.filter((row: { meal_id: string }) => Number(row.meal_id) === mealId)).toEqual([]);
    expect(live.digest_symptoms.filter((row: { user_id: number }) => row.user_id === person.userId)).toEqual([expect.objectContaining({ meal_id: null, symptom_type: 'pain' })]);

    // The meals completed so far were emailed once; a rebuild replays their MealCompleted without asking for another.
    const mealEmailJobs = () => dataSource.query(`SELECT id FROM notifications_jobs.jobs WHERE task_identifier = 'meal-email'`);
    await eventually(async () => expect(await mealEmailJobs()).toEqual([]));
    await notifications.get(JobWorker).stop();
    const nats = await connect({ servers: testConfig().natsUrl });
    try {
      for (const projection of [recipientsProjection, journalDigestProjection]) {
        await rebuildConsumerProjection({ dataSource, nats, natsPrefix: testConfig().natsPrefix, projection, batchSize: 7 });
      }
      expect(await mealEmailJobs()).toEqual([]);
    } finally {
      await nats.drain();
      await notifications.get(JobWorker).start();
    }
    expect(await readTables()).toEqual(live);
  });
});
