import { DEFAULT_DOMAIN_CONFIG, DomainConfig } from '@fodmap/contracts';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { EmailRenderer, RenderedEmail } from './email-renderer';

/** An email to send because of an event. Its context is stored: never put a secret in it (see ContextResolver). */
export interface OutboxEmail {
  /** The event the email answers: at most one email per event. */
  eventId: string;
  emailType: string;
  userId: number | null;
  to: string;
  template: string;
  context: Record<string, unknown>;
  /** The request the event goes back to; sent as the email's X-Correlation-Id. */
  correlationId: string | null;
  /** The advertiser whose sponsored block the email carries: copied to sent_emails for the statistics. */
  advertiserId?: number | null;
}

/** Notified in the recording transaction, so the sender wakes when, and only if, it commits. */
const OUTBOX_CHANNEL = 'notifications_email_outbox';

/**
 * Records an email in the consumer's transaction; nothing leaves the building here. A redelivered event finds its
 * row (or the sent_emails row it became) and records nothing. Returns whether it recorded the email.
 */
export async function recordEmail(manager: EntityManager, email: OutboxEmail): Promise<boolean> {
  const recorded: Array<{ id: string }> = await manager.query(
    `INSERT INTO notifications.email_outbox (event_id, email_type, user_id, recipient, template, context, correlation_id, advertiser_id)
     SELECT $1, $2, $3, $4, $5, $6::jsonb, $7, $8
     WHERE NOT EXISTS (SELECT 1 FROM notifications.sent_emails WHERE event_id = $1)
     ON CONFLICT (event_id) DO NOTHING RETURNING id`,
    [email.eventId, email.emailType, email.userId, email.to, email.template, JSON.stringify(email.context), email.correlationId, email.advertiserId ?? null],
  );
  if (recorded.length > 0) await manager.query('SELECT pg_notify($1, $2)', [OUTBOX_CHANNEL, recorded[0].id]);
  return recorded.length > 0;
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

/** A resolver's answer that the email must never go (e.g. its reset was superseded): it is dropped, not retried. */
export class EmailNotDeliverableError extends Error {}

export interface OutboxTuning {
  /** Attempts before the email is marked failed. */
  maxAttempts: number;
  /** Delay after the n-th failed attempt (the last value repeats). */
  backoffMs: number[];
  /** How long a claimed email is left alone; after that its send is taken as interrupted (the process died). */
  leaseMs: number;
  /** How often it looks for due retries when no commit woke it. */
  pollMs: number;
  /** Emails sent side by side; each claim skips the rows the others hold. */
  concurrency: number;
}

export const defaultOutboxTuning: OutboxTuning = {
  maxAttempts: 6,
  backoffMs: [5_000, 30_000, 120_000, 600_000, 1_800_000],
  leaseMs: 120_000,
  pollMs: 5_000,
  concurrency: 1,
};

export interface EmailOutboxOptions {
  dataSource: DataSource;
  databaseUrl: string;
  renderer: EmailRenderer;
  transport: EmailTransport;
  resolvers?: Record<string, ContextResolver>;
  /** Default: every email in the default brand. */
  brandOf?: BrandOf;
  unsubscribeLink?: (addressee: EmailAddressee) => UnsubscribeLink | null;
  tuning?: Partial<OutboxTuning>;
}

interface ClaimedEmail {
  id: string;
  event_id: string;
  email_type: string;
  user_id: number | null;
  recipient: string;
  template: string;
  context: Record<string, unknown>;
  correlation_id: string | null;
  advertiser_id: number | null;
  attempts: number;
  interrupted: boolean;
  resent_before: boolean;
}

/**
 * Sends the recorded emails after their transactions commit, so a rolled-back consumer never sends.
 *
 * A row is claimed (status `sending`, leased), sent, then moved to sent_emails. A crash between the send and that move
 * leaves it `sending`; once the lease runs out it is sent again, once, with a warning in the log, and an email whose
 * send is interrupted a second time is marked failed rather than risk a third copy. A failed send is retried with
 * backoff and, after maxAttempts, marked failed with its error, logged as an error. Claims skip locked rows, so
 * several service instances, and `concurrency` senders within each, can send side by side.
 */
export class EmailOutbox {
  private readonly logger = new Logger('EmailOutbox');
  private readonly tuning: OutboxTuning;
  private listener: Client | null = null;
  private loop: Promise<void> | null = null;
  private running = false;
  /** Set by stop(): the senders finish the emails they hold and claim no more, so a long queue never delays shutdown. */
  private stopping = false;
  private wake: (() => void) | null = null;
  /** Sent emails waiting for the move under way to finish before theirs starts. */
  private sent: Array<{ email: ClaimedEmail; resolve: () => void; reject: (error: unknown) => void }> = [];
  private moving = false;

  constructor(private readonly options: EmailOutboxOptions) {
    this.tuning = { ...defaultOutboxTuning, ...options.tuning };
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.stopping = false;
    const listener = new Client({ connectionString: this.options.databaseUrl });
    listener.on('error', (error) => this.logger.warn(`Outbox listener lost, polling only: ${error.message}`));
    listener.on('notification', () => this.wake?.());
    await listener.connect();
    await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
    this.listener = listener;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopping = true;
    this.wake?.();
    await this.loop;
    this.loop = null;
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
  }

  /**
   * Sends every email that is due now, `concurrency` at a time; returns how many it handled. Each claim takes as many
   * due emails as there are free senders, in one statement: one scan of the outbox per group rather than per email.
   */
  async drain(): Promise<number> {
    let handled = 0;
    const sending = new Set<Promise<void>>();
    try {
      for (;;) {
        const claimed = this.stopping ? [] : await this.claim(this.tuning.concurrency - sending.size);
        handled += claimed.length;
        for (const email of claimed) {
          const send: Promise<void> = this.deliver(email).finally(() => sending.delete(send));
          sending.add(send);
        }
        if (sending.size === 0) return handled;
        // Claims again as soon as a sender is free (or, when nothing was due, once one has finished).
        await Promise.race(sending);
      }
    } finally {
      await Promise.allSettled(sending);
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        await this.drain();
      } catch (error) {
        this.logger.error(`Sending emails failed, retrying: ${messageOf(error)}`);
      }
      if (this.running) await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.tuning.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          this.wake = null;
          resolve();
        };
      });
    }
  }

  /** Leases up to `limit` due emails, oldest first, skipping those other senders hold. */
  private async claim(limit: number): Promise<ClaimedEmail[]> {
    if (limit <= 0) return [];
    // TypeORM answers an UPDATE with [rows, affected].
    const [emails] = await this.options.dataSource.query<[ClaimedEmail[], number]>(
      `UPDATE notifications.email_outbox o
       SET status = 'sending', attempts = o.attempts + 1, next_attempt_at = now() + $1 * interval '1 millisecond',
           resent_after_crash = o.resent_after_crash OR due.status = 'sending'
       FROM (SELECT id, status, resent_after_crash FROM notifications.email_outbox
             WHERE status IN ('pending', 'sending') AND next_attempt_at <= now()
             ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED) due
       WHERE o.id = due.id
       RETURNING o.id, o.event_id, o.email_type, o.user_id, o.recipient, o.template, o.context, o.correlation_id, o.advertiser_id, o.attempts,
                 due.status = 'sending' AS interrupted, due.resent_after_crash AS resent_before`,
      [this.tuning.leaseMs, limit],
    );
    return emails.sort((a, b) => Number(a.id) - Number(b.id));
  }

  private async deliver(email: ClaimedEmail): Promise<void> {
    const what = describe(email);
    if (email.interrupted) {
      if (email.resent_before) {
        this.logger.error(`The ${what} was interrupted twice between sending and recording; not sending it a third time`);
        await this.finish(email, 'failed', 'Interrupted twice after sending: it may or may not have arrived');
        return;
      }
      this.logger.warn(`The ${what} was interrupted before it was recorded as sent; sending it again, so it may arrive twice`);
    }
    try {
      const addressee: EmailAddressee = { emailType: email.email_type, userId: email.user_id };
      const extra = (await this.options.resolvers?.[email.template]?.(email.context, email.correlation_id, addressee)) ?? {};
      const host = typeof email.context.host === 'string' ? email.context.host : null;
      const brand = this.options.brandOf ? await this.options.brandOf(host) : DEFAULT_DOMAIN_CONFIG;
      const unsubscribe = this.options.unsubscribeLink?.(addressee) ?? null;
      const context = { ...email.context, ...extra, ...(unsubscribe && { unsubscribeUrl: unsubscribe.pageUrl }) };
      const rendered = this.options.renderer.render(email.template, context, brand);
      const headers: Record<string, string> = { 'X-Causation-Id': email.event_id };
      if (email.correlation_id) headers['X-Correlation-Id'] = email.correlation_id;
      if (unsubscribe) {
        headers['List-Unsubscribe'] = `<${unsubscribe.oneClickUrl}>`;
        headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
      }
      await this.options.transport.send(email.recipient, rendered, headers);
    } catch (error) {
      await this.failed(email, error);
      return;
    }
    await this.recordSent(email);
  }

  /**
   * Moves a sent email to sent_emails, together with those that finish sending while the previous move runs: one
   * statement per group instead of a transaction per email. Settles once its own group is moved (or the move failed,
   * leaving the group `sending` until their lease runs out, as a crash would).
   */
  private recordSent(email: ClaimedEmail): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.sent.push({ email, resolve, reject });
      if (!this.moving) void this.moveSent();
    });
  }

  private async moveSent(): Promise<void> {
    this.moving = true;
    while (this.sent.length > 0) {
      // Ordered by id, so that two senders moving overlapping rows lock them in the same order.
      const group = this.sent.splice(0).sort((a, b) => Number(a.email.id) - Number(b.email.id));
      try {
        // Only while the claim is still this attempt's: a sender that outlived its lease leaves the row to its successor.
        const moved: Array<{ id: string }> = await this.options.dataSource.query(
          `WITH moved AS (
             DELETE FROM notifications.email_outbox o USING unnest($1::bigint[], $2::integer[]) AS sent (id, attempts)
             WHERE o.id = sent.id AND o.attempts = sent.attempts AND o.status = 'sending'
             RETURNING o.id, o.event_id, o.email_type, o.user_id, o.recipient, o.correlation_id, o.advertiser_id
           ), recorded AS (
             INSERT INTO notifications.sent_emails (event_id, email_type, user_id, recipient, correlation_id, advertiser_id)
             SELECT event_id, email_type, user_id, recipient, correlation_id, advertiser_id FROM moved
             ON CONFLICT (event_id) DO NOTHING
           )
           SELECT id FROM moved`,
          [group.map(({ email }) => email.id), group.map(({ email }) => email.attempts)],
        );
        const movedIds = new Set(moved.map(({ id }) => String(id)));
        for (const { email } of group) {
          if (!movedIds.has(String(email.id))) this.logger.warn(`The ${describe(email)} was sent after its claim had lapsed; another attempt owns it now`);
        }
        group.forEach(({ resolve }) => resolve());
      } catch (error) {
        group.forEach(({ reject }) => reject(error));
      }
    }
    this.moving = false;
  }

  private async failed(email: ClaimedEmail, error: unknown): Promise<void> {
    const what = describe(email);
    if (error instanceof EmailNotDeliverableError) {
      this.logger.warn(`Dropping the ${what}: ${error.message}`);
      await this.finish(email, 'dropped', error.message);
      return;
    }
    if (email.attempts >= this.tuning.maxAttempts) {
      this.logger.error(`The ${what} failed ${email.attempts} times, giving up: ${messageOf(error)}`);
      await this.finish(email, 'failed', messageOf(error));
      return;
    }
    const delay = this.tuning.backoffMs[Math.min(email.attempts, this.tuning.backoffMs.length) - 1];
    this.logger.warn(`The ${what} failed (attempt ${email.attempts}), retrying in ${delay} ms: ${messageOf(error)}`);
    await this.options.dataSource.query(
      `UPDATE notifications.email_outbox SET status = 'pending', last_error = $2, next_attempt_at = now() + $3 * interval '1 millisecond'
       WHERE id = $1 AND status = 'sending' AND attempts = $4`,
      [email.id, messageOf(error), delay, email.attempts],
    );
  }

  private async finish(email: ClaimedEmail, status: 'failed' | 'dropped', reason: string): Promise<void> {
    await this.options.dataSource.query(
      `UPDATE notifications.email_outbox SET status = $2, last_error = $3 WHERE id = $1 AND status = 'sending' AND attempts = $4`,
      [email.id, status, reason, email.attempts],
    );
  }
}

function describe(email: ClaimedEmail): string {
  return `${email.email_type} email of event ${email.event_id}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
