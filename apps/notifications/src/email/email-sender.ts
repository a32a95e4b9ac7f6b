import { DEFAULT_DOMAIN_CONFIG, DomainConfig } from '@fodmap/contracts';
import { defineJob, JobCannotSucceedError, jobHandler, JobHandler, ProjectionJobs } from '@fodmap/server';
import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
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

export interface EmailSenderOptions {
  dataSource: DataSource;
  renderer: EmailRenderer;
  transport: EmailTransport;
  resolvers?: Record<string, ContextResolver>;
  /** Default: every email in the default brand. */
  brandOf?: BrandOf;
  unsubscribeLink?: (addressee: EmailAddressee) => UnsubscribeLink | null;
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
 * clears the mark and throws, so the queue retries it with backoff.
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
      this.logger.log(`Not sending the ${what}: user ${email.userId} has not confirmed their address`);
      return;
    }
    const begun: Array<{ interruptions: number }> = await this.options.dataSource.query(
      `INSERT INTO notifications.email_sending (event_id) SELECT $1
       WHERE NOT EXISTS (SELECT 1 FROM notifications.sent_emails WHERE event_id = $1)
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
    try {
      await this.deliver(email);
    } catch (error) {
      await this.options.dataSource.query('DELETE FROM notifications.email_sending WHERE event_id = $1', [email.eventId]);
      if (error instanceof EmailNotDeliverableError) this.logger.warn(`Dropping the ${what}: ${error.message}`);
      throw error;
    }
    await this.options.dataSource.query(
      `WITH done AS (DELETE FROM notifications.email_sending WHERE event_id = $1)
       INSERT INTO notifications.sent_emails (event_id, email_type, user_id, recipient, correlation_id, advertiser_id)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (event_id) DO NOTHING`,
      [email.eventId, email.emailType, email.userId, email.to, email.correlationId, email.advertiserId ?? null],
    );
  }

  private async deliver(email: Email): Promise<void> {
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
  }
}
