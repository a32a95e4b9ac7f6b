import { DAILY_SUMMARY_DEFAULT_TIME_ZONE, DEFAULT_DOMAIN_CONFIG, DomainConfig, todayIn } from '@fodmap/contracts';
import { defineJob, emailsFailed, emailsSent, emailsSkipped, JobCannotSucceedError, jobHandler, JobHandler, ProjectionJobs, userPseudonym } from '@fodmap/server';
import { Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { EmailRenderer, RenderedEmail } from './email-renderer';

/** An email to send because of an event. Its context is stored in the job: never put a secret in it (see ContextResolver). */
export const emailSchema = z.object({
  /** The event the email answers: at most one email per event. */
  eventId: z.string().min(1),
  emailType: z.string().min(1),
  userId: z.number().int().nullable(),
  to: z.string().min(1),
  template: z.string().min(1),
  context: z.record(z.string(), z.unknown()),
  /** The request the event goes back to; sent as the email's X-Correlation-Id. */
  correlationId: z.string().nullable(),
  /** The advertiser whose sponsored block the email carries: copied to sent_emails for the statistics. */
  advertiserId: z.number().int().nullable().optional(),
});

export type Email = z.infer<typeof emailSchema>;

/**
 * Sends one email. Eight runs in all (graphile-worker waits e, e², … seconds between them: about half an hour), then
 * the job stays failed with its error until `jobs.js retry`.
 */
export const sendEmailJob = defineJob({ name: 'send-email', payload: emailSchema, maxAttempts: 8 });

/**
 * Asks for an email in the caller's transaction; nothing leaves the building until it commits. One job per event: a
 * redelivered event adds none while its job waits or failed, and EmailSender sends nothing for an event already sent.
 */
export function enqueueEmail(jobs: ProjectionJobs, email: Email): Promise<void> {
  return jobs.enqueue(sendEmailJob, email, { key: email.eventId });
}

export interface EmailTransport {
  send(to: string, email: RenderedEmail, headers: Record<string, string>): Promise<void>;
}

/** Who an email goes to, as a resolver or the unsubscribe links need it. */
export interface EmailAddressee {
  emailType: string;
  userId: number | null;
}

/** Adds what must not be stored (e.g. a reset link, signed symptom links) to a template's context just before sending. */
export type ContextResolver = (context: Record<string, unknown>, correlationId: string | null, addressee: EmailAddressee) => Promise<Record<string, unknown>>;

/** The one-click unsubscribe of an email (RFC 8058), made at send time: null when the email has none. */
export interface UnsubscribeLink {
  /** The List-Unsubscribe header's target, which mail clients POST to without a page. */
  oneClickUrl: string;
  /** The footer's link: a page that shows what it turns off and posts the token. */
  pageUrl: string;
}

/** The brand of the host an email's person signed up on (context `host`; null or absent: the default domain). */
export type BrandOf = (host: string | null) => Promise<DomainConfig>;

/** A resolver's answer that the email must never go (e.g. its reset was superseded): its job fails at once, not retried. */
export class EmailNotDeliverableError extends JobCannotSucceedError {}

/**
 * Daily caps on what one person or address can be sent (issue 20), so that no bug, loop or abuse can turn the service
 * into a mail cannon against someone's inbox. An email over a cap is not sent: it is recorded in skipped_emails and its
 * job ends.
 */
export interface EmailCaps {
  /** Email types never capped: what a person asks for to get into their account (a password reset, a verification). */
  uncapped: ReadonlySet<string>;
  /** Every other email to one address (lowercased) in a UTC day. */
  perAddressPerDay: number;
  /** Per email type, at most this many to one person in their own calendar day (their recipients zone). */
  perPersonPerDay: Readonly<Record<string, number>>;
}

/** One daily allowance an email takes a unit of: its counter, the day it counts, and the most that day. */
interface Allowance {
  counter: string;
  day: string;
  max: number;
  what: string;
}

/** Thrown inside the allowance transaction to roll back the units already taken. */
class AllowanceSpent extends Error {}

export interface EmailSenderOptions {
  dataSource: DataSource;
  renderer: EmailRenderer;
  transport: EmailTransport;
  resolvers?: Record<string, ContextResolver>;
  /** Default: every email in the default brand. */
  brandOf?: BrandOf;
  unsubscribeLink?: (addressee: EmailAddressee) => UnsubscribeLink | null;
  /** Default: no caps. */
  caps?: EmailCaps;
  /** False: the email must not go to this person (issue 20: their address is not proven); it is dropped, not retried. */
  mayReceive?: (email: Email) => Promise<boolean>;
}

export const INTERRUPTED_TWICE = 'Interrupted twice after sending: it may or may not have arrived';

/**
 * Sends an email once per event, as the send-email job (and the meal-email job, once it has composed its email).
 *
 * Before sending it records that the send began (email_sending); after it, in one statement, that it was sent
 * (sent_emails, the basis of the statistics) and no longer sending. A crash between the send and that record leaves
 * the mark: the job's next run (graphile-worker unlocks a dead process's job after 4 hours) sends it again, once,
 * with a warning, and a run that finds it interrupted twice fails the job rather than risk a third copy. A failed send
 * clears the mark and throws, so the queue retries it with backoff. Before a first send it takes the email's daily
 * allowances (EmailCaps); an email over a cap is recorded as skipped instead, and its job ends.
 */
export class EmailSender {
  private readonly logger = new Logger('EmailSender');

  constructor(private readonly options: EmailSenderOptions) {}

  handler(): JobHandler<typeof sendEmailJob> {
    return jobHandler(sendEmailJob, (email) => this.send(email));
  }

  async send(email: Email): Promise<void> {
    const what = `${email.emailType} email of event ${email.eventId}`;
    if (this.options.mayReceive && !(await this.options.mayReceive(email))) {
      this.logger.log({ user: userPseudonym(email.userId) }, `Not sending the ${what}: the person has not confirmed their address`);
      return;
    }
    const begun: Array<{ interruptions: number }> = await this.options.dataSource.query(
      `INSERT INTO notifications.email_sending (event_id) SELECT $1
       WHERE NOT EXISTS (SELECT 1 FROM notifications.sent_emails WHERE event_id = $1)
         AND NOT EXISTS (SELECT 1 FROM notifications.skipped_emails WHERE event_id = $1)
       ON CONFLICT (event_id) DO UPDATE SET interruptions = email_sending.interruptions + 1
       RETURNING interruptions`,
      [email.eventId],
    );
    if (begun.length === 0) return;
    const { interruptions } = begun[0];
    if (interruptions >= 2) {
      this.logger.error(`The ${what} was interrupted twice between sending and recording; not sending it a third time`);
      throw new JobCannotSucceedError(INTERRUPTED_TWICE);
    }
    if (interruptions === 1) this.logger.warn(`The ${what} was interrupted before it was recorded as sent; sending it again, so it may arrive twice`);
    // A send interrupted after it went out took its allowance on its first run.
    const allowances = interruptions === 0 ? await this.allowancesOf(email) : [];
    const spent = await this.take(allowances);
    if (spent) {
      emailsSkipped.inc({ kind: email.emailType });
      this.logger.warn(`Not sending the ${what}: ${spent}`);
      await this.options.dataSource.query(
        `WITH done AS (DELETE FROM notifications.email_sending WHERE event_id = $1)
         INSERT INTO notifications.skipped_emails (event_id, email_type, user_id, recipient, reason) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (event_id) DO NOTHING`,
        [email.eventId, email.emailType, email.userId, email.to, spent],
      );
      return;
    }
    let subject: string;
    try {
      subject = await this.deliver(email);
    } catch (error) {
      emailsFailed.inc({ kind: email.emailType });
      await this.giveBack(allowances);
      await this.options.dataSource.query('DELETE FROM notifications.email_sending WHERE event_id = $1', [email.eventId]);
      if (error instanceof EmailNotDeliverableError) this.logger.warn(`Dropping the ${what}: ${error.message}`);
      throw error;
    }
    await this.options.dataSource.query(
      `WITH done AS (DELETE FROM notifications.email_sending WHERE event_id = $1)
       INSERT INTO notifications.sent_emails (event_id, email_type, user_id, recipient, correlation_id, advertiser_id, subject)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (event_id) DO NOTHING`,
      [email.eventId, email.emailType, email.userId, email.to, email.correlationId, email.advertiserId ?? null, subject],
    );
    emailsSent.inc({ kind: email.emailType });
  }

  /** The daily allowances the email needs, under EmailCaps: none for an uncapped type. */
  private async allowancesOf(email: Email): Promise<Allowance[]> {
    const caps = this.options.caps;
    if (!caps || caps.uncapped.has(email.emailType)) return [];
    const now = new Date();
    const allowances: Allowance[] = [
      { counter: `address:${email.to.toLowerCase()}`, day: todayIn('UTC', now), max: caps.perAddressPerDay, what: `today's ${caps.perAddressPerDay} emails to this address` },
    ];
    const perPerson = caps.perPersonPerDay[email.emailType];
    if (perPerson !== undefined && email.userId !== null) {
      const day = await this.personalDay(email.userId, now);
      allowances.push({ counter: `${email.emailType}:user:${email.userId}`, day, max: perPerson, what: `the person's ${perPerson} ${email.emailType} emails of ${day}` });
    }
    return allowances;
  }

  /** The person's calendar day now, in their recipients zone (the spec's default when unknown or not a zone). */
  private async personalDay(userId: number, now: Date): Promise<string> {
    const [recipient]: Array<{ time_zone: string }> = await this.options.dataSource.query('SELECT time_zone FROM notifications.recipients WHERE user_id = $1', [userId]);
    try {
      return todayIn(recipient?.time_zone ?? DAILY_SUMMARY_DEFAULT_TIME_ZONE, now);
    } catch {
      return todayIn(DAILY_SUMMARY_DEFAULT_TIME_ZONE, now);
    }
  }

  /**
   * Takes one unit of every allowance or of none, in one transaction: each counter's row is locked by its upsert, so
   * concurrent sends to one address or person are counted one after another, across workers and replicas. A counter
   * whose row holds an earlier day starts again at 1. Answers null when taken, else which allowance is spent.
   */
  private async take(allowances: Allowance[]): Promise<string | null> {
    if (allowances.length === 0) return null;
    try {
      await this.options.dataSource.transaction(async (manager: EntityManager) => {
        for (const { counter, day, max, what } of allowances) {
          const taken: unknown[] = await manager.query(
            `INSERT INTO notifications.email_allowances (counter, day, sent) VALUES ($1, $2, 1)
             ON CONFLICT (counter) DO UPDATE
               SET sent = CASE WHEN email_allowances.day = EXCLUDED.day THEN email_allowances.sent + 1 ELSE 1 END, day = EXCLUDED.day
               WHERE email_allowances.day <> EXCLUDED.day OR email_allowances.sent < $3
             RETURNING sent`,
            [counter, day, max],
          );
          if (taken.length === 0) throw new AllowanceSpent(`${what} were sent already`);
        }
      });
      return null;
    } catch (error) {
      if (error instanceof AllowanceSpent) return error.message;
      throw error;
    }
  }

  /** A send that failed gives its units back, so the retry takes them again. */
  private async giveBack(allowances: Allowance[]): Promise<void> {
    for (const { counter, day } of allowances) {
      await this.options.dataSource.query('UPDATE notifications.email_allowances SET sent = sent - 1 WHERE counter = $1 AND day = $2 AND sent > 0', [counter, day]);
    }
  }

  /** Renders and sends the email; answers its subject, which the person's export lists (issue 20). */
  private async deliver(email: Email): Promise<string> {
    const addressee: EmailAddressee = { emailType: email.emailType, userId: email.userId };
    const extra = (await this.options.resolvers?.[email.template]?.(email.context, email.correlationId, addressee)) ?? {};
    const host = typeof email.context.host === 'string' ? email.context.host : null;
    const brand = this.options.brandOf ? await this.options.brandOf(host) : DEFAULT_DOMAIN_CONFIG;
    const unsubscribe = this.options.unsubscribeLink?.(addressee) ?? null;
    const context = { ...email.context, ...extra, ...(unsubscribe && { unsubscribeUrl: unsubscribe.pageUrl }) };
    const rendered = this.options.renderer.render(email.template, context, brand);
    const headers: Record<string, string> = { 'X-Causation-Id': email.eventId };
    if (email.correlationId) headers['X-Correlation-Id'] = email.correlationId;
    if (unsubscribe) {
      headers['List-Unsubscribe'] = `<${unsubscribe.oneClickUrl}>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    await this.options.transport.send(email.to, rendered, headers);
    return rendered.subject;
  }
}
