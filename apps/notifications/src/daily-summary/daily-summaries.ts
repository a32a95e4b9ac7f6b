import { AccountMessages, Caller, CorrelationEntry, DAILY_SUMMARY_DEFAULT_TIME_ZONE, DAILY_SUMMARY_HOUR, DEFAULT_CORRELATION_PERIOD, Messages, NotificationsMessages, Rpc, todayIn } from '@fodmap/contracts';
import { enqueueMany, rpcFailure, SERVER_CONFIG, ServerConfig, ServiceRequester } from '@fodmap/server';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { AdvertiserPicker } from '../advertisers/advertiser-picker';
import { awaitRecipient, diaryUrl, digestTables, loadDays, RECIPIENTS_SQL } from '../audience/audience-reader';
import { Email, sendEmailJob } from '../email/email-sender';
import { dailySummaryContext } from './daily-summary-content';

export const DAILY_SUMMARY_EMAIL = 'daily-summary';

/**
 * A summary not sent by 09:00 in its person's zone, an hour after it is due, is overdue (issue 21's alert): the hour
 * leaves room for the 08:00 run's batches and the email queue behind them.
 */
export const DAILY_SUMMARY_OVERDUE_HOUR = DAILY_SUMMARY_HOUR + 1;

/** Summaries per transaction: the claims, the batch's reads and its email jobs commit together. */
export const DAILY_SUMMARY_BATCH = 500;
/** People per topCorrelations request, and how long one may take: insights analyses each person in turn. */
const CORRELATION_CHUNK = 100;
const CORRELATION_TIMEOUT_MS = 5_000;

/** The summary of a person's day: one per person and day, whoever sends it (its email job's key and sent_emails' event id). */
export const dailySummaryEventId = (userId: number, day: string) => `daily-summary:${userId}:${day}`;
/** dailySummaryEventId of a person of SUMMARY_PEOPLE (`p`), in SQL. */
const SUMMARY_EVENT_ID_SQL = `'daily-summary:' || p."userId" || ':' || p.day::text`;

interface DuePerson {
  userId: number;
  email: string;
  firstName: string;
  host: string;
  timeZone: string;
  day: string;
}

/**
 * The people daily summaries are for (summaries on, address proven), after user $2: each in the zone their summary
 * follows ($4 when PostgreSQL does not know theirs: $5 lists the zones it knows), with their wall clock at $1 and the
 * local day a summary now would be of (the day before).
 */
const SUMMARY_PEOPLE = `
  people AS (
    SELECT q.*, q.wall::date - 1 AS day
    FROM (
      SELECT p.*, ($1::timestamptz AT TIME ZONE p."timeZone") AS wall
      FROM (
        SELECT r."userId", r.email, r."firstName", r.host, CASE WHEN known.name IS NULL THEN $4 ELSE r."timeZone" END AS "timeZone"
        FROM (${RECIPIENTS_SQL} WHERE r.email_notifications AND r.email_verified AND r.user_id > $2) r
        LEFT JOIN unnest($5::text[]) AS known(name) ON known.name = r."timeZone"
      ) p
    ) q
  )`;

/** A person of SUMMARY_PEOPLE logged meals or symptoms on their day: only then is there a summary. */
const DAY_LOGGED = `
  (EXISTS (SELECT 1 FROM ${digestTables.digest_meals} m WHERE m.user_id = p."userId" AND m.local_day = p.day)
    OR EXISTS (SELECT 1 FROM ${digestTables.digest_symptoms} s WHERE s.user_id = p."userId" AND s.local_day = p.day))`;

/**
 * People due now, at most $6: their wall clock is at or past $3 o'clock, their day is logged and no summary of it was
 * claimed. Before $3 nobody is due, so a day missed entirely (down from 08:00 to midnight) is never sent later.
 */
const DUE_SQL = `
  WITH ${SUMMARY_PEOPLE}
  SELECT p."userId", p.email, p."firstName", p.host, p."timeZone", p.day::text AS day
  FROM people p
  WHERE extract(hour FROM p.wall) >= $3
    AND NOT EXISTS (SELECT 1 FROM notifications.daily_summary_claims c WHERE c.user_id = p."userId" AND c.day = p.day)
    AND ${DAY_LOGGED}
  ORDER BY p."userId"
  LIMIT $6`;

/**
 * Per zone in use, the people whose summary is late: their wall clock is at or past $3 o'clock, their day is logged,
 * and its email (dailySummaryEventId) is neither in sent_emails nor held back by a cap (skipped_emails). Claimed and
 * queued is not sent: a stuck queue or a failing SMTP server counts. The cheap hour test goes first: PostgreSQL
 * evaluates an AND's operands in order and stops at the first false one, so the lookups are made for late people only.
 */
const OVERDUE_SQL = `
  WITH ${SUMMARY_PEOPLE}
  SELECT p."timeZone" AS zone,
         count(*) FILTER (WHERE extract(hour FROM p.wall) >= $3
           AND NOT EXISTS (SELECT 1 FROM notifications.sent_emails e WHERE e.event_id = ${SUMMARY_EVENT_ID_SQL})
           AND NOT EXISTS (SELECT 1 FROM notifications.skipped_emails e WHERE e.event_id = ${SUMMARY_EVENT_ID_SQL})
           AND ${DAY_LOGGED})::integer AS overdue
  FROM people p
  GROUP BY p."timeZone"
  ORDER BY zone`;

/** A zone's count of late summaries: what fodmap_daily_summaries_overdue reports. */
export interface OverdueSummaries {
  zone: string;
  overdue: number;
}

/**
 * Issue 9's daily summary: at 08:00 (DAILY_SUMMARY_HOUR) in each person's zone, the previous local day's score, its
 * meals with their FODMAP risk (high foods and stacked groups first), symptoms, top correlation and one sponsored block, for people with emailNotifications on who
 * logged anything that day. Exactly once per person and day across replicas and restarts: a batch claims its
 * (person, day) pairs (daily_summary_claims, primary key) and enqueues their email jobs in one transaction. A second
 * replica's claim of the same pair waits for the first transaction and then claims nothing; a crash rolls the whole
 * batch back, claims included, and the next run does it again. A day's rows are those placed on it in the zone they
 * were logged in (journal_digest), which is the person's zone unless they travelled that day.
 */
@Injectable()
export class DailySummaries {
  private readonly logger = new Logger(DailySummaries.name);
  /** PostgreSQL's zone names: read once (pg_timezone_names reads the zone files, some 40 ms), they change with its upgrades only. */
  private knownZones: Promise<string[]> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    private readonly requester: ServiceRequester,
    private readonly advertisers: AdvertiserPicker,
  ) {}

  /** Records every summary due at `now`; returns how many. */
  async runDue(now: Date): Promise<number> {
    const zones = await this.zones();
    let after = 0;
    let recorded = 0;
    for (;;) {
      const due: DuePerson[] = await this.dataSource.query(DUE_SQL, [now, after, DAILY_SUMMARY_HOUR, DAILY_SUMMARY_DEFAULT_TIME_ZONE, zones, DAILY_SUMMARY_BATCH]);
      if (due.length === 0) return recorded;
      recorded += await this.dataSource.transaction((manager) => this.recordBatch(manager, due));
      after = due[due.length - 1].userId;
      if (due.length < DAILY_SUMMARY_BATCH) return recorded;
    }
  }

  /** Every zone people with summaries on are in, each with how many of their summaries are overdue at `now` (often 0). */
  async overdue(now: Date): Promise<OverdueSummaries[]> {
    const zones = await this.zones();
    return this.dataSource.transaction(async (manager) => {
      // Measured with 100,000 people: JIT compiling took 0.7 s of the query's 1.3 s and sped none of its lookups up.
      await manager.query('SET LOCAL jit = off');
      return manager.query(OVERDUE_SQL, [now, 0, DAILY_SUMMARY_OVERDUE_HOUR, DAILY_SUMMARY_DEFAULT_TIME_ZONE, zones]);
    });
  }

  private zones(): Promise<string[]> {
    this.knownZones ??= this.dataSource.query<Array<{ name: string }>>('SELECT name FROM pg_timezone_names').then(
      (rows) => rows.map(({ name }) => name),
      (error: unknown) => {
        this.knownZones = null;
        throw error;
      },
    );
    return this.knownZones;
  }

  /** Profile's test send: today so far, to the caller's own address, also when nothing is logged yet. */
  async sendTest(caller: Caller): Promise<{ message: string }> {
    const recipient = await awaitRecipient(this.dataSource, caller.userId);
    if (!recipient) throw rpcFailure(404, Messages.userNotFound);
    // The sender would drop it (provenAddressesOnly): say why instead of 'sent'.
    if (!recipient.emailVerified) throw rpcFailure(403, AccountMessages.verifyEmailFirst);
    await this.dataSource.transaction(async (manager) => {
      const person = { ...recipient, timeZone: caller.timeZone, day: todayIn(caller.timeZone) };
      await this.record(manager, [person], 'Today so far', () => `daily-summary-test:${randomUUID()}`);
    });
    return { message: NotificationsMessages.testEmailSent };
  }

  private async recordBatch(manager: EntityManager, due: DuePerson[]): Promise<number> {
    const claimed: Array<{ user_id: number }> = await manager.query(
      `INSERT INTO notifications.daily_summary_claims (user_id, day)
       SELECT * FROM unnest($1::integer[], $2::date[]) ON CONFLICT DO NOTHING RETURNING user_id`,
      [due.map(({ userId }) => userId), due.map(({ day }) => day)],
    );
    const mine = new Set(claimed.map(({ user_id }) => user_id));
    const people = due.filter(({ userId }) => mine.has(userId));
    return this.record(manager, people, 'Yesterday', (person) => dailySummaryEventId(person.userId, person.day));
  }

  private async record(manager: EntityManager, people: DuePerson[], period: string, eventIdOf: (person: DuePerson) => string): Promise<number> {
    if (people.length === 0) return 0;
    const { meals, symptoms } = await loadDays(manager, people);
    const tops = await this.topCorrelations(people);
    const appUrl = diaryUrl(this.config.publicUrl);
    const mealsOf = groupByUser(meals);
    const symptomsOf = groupByUser(symptoms);
    const emails: Array<{ payload: Email; key: string }> = [];
    for (const person of people) {
      const sponsor = await this.advertisers.pick();
      const context = dailySummaryContext({
        recipient: person,
        day: person.day,
        period,
        meals: mealsOf.get(person.userId) ?? [],
        symptoms: symptomsOf.get(person.userId) ?? [],
        top: tops.get(person.userId) ?? null,
        appUrl,
        sponsor,
      });
      const eventId = eventIdOf(person);
      emails.push({
        key: eventId,
        payload: {
          eventId,
          emailType: DAILY_SUMMARY_EMAIL,
          userId: person.userId,
          to: person.email,
          template: 'daily-summary',
          context: { ...context },
          correlationId: null,
          advertiserId: sponsor?.advertiserId ?? null,
        },
      });
    }
    return enqueueMany(manager, sendEmailJob, emails);
  }

  /** Each person's top finding; a slow or failing insights service leaves them out rather than hold the summaries. */
  private async topCorrelations(people: DuePerson[]): Promise<Map<number, CorrelationEntry>> {
    const tops = new Map<number, CorrelationEntry>();
    for (let start = 0; start < people.length; start += CORRELATION_CHUNK) {
      const users = people.slice(start, start + CORRELATION_CHUNK).map(({ userId, timeZone }) => ({ userId, timeZone }));
      try {
        const answers = await this.requester.send(Rpc.insights.topCorrelations, { users, period: DEFAULT_CORRELATION_PERIOD }, { timeoutMs: CORRELATION_TIMEOUT_MS });
        for (const { userId, top } of answers) if (top) tops.set(userId, top);
      } catch (error) {
        this.logger.warn(`Daily summaries go without their top correlation: ${error instanceof Error ? error.message : String(error)}`);
        return tops;
      }
    }
    return tops;
  }
}

function groupByUser<T extends { userId: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.userId);
    if (group) group.push(row);
    else groups.set(row.userId, [row]);
  }
  return groups;
}
