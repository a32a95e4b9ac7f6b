import { EntityManager } from 'typeorm';
import { EmailRenderer } from './email-renderer';
import { Mailer } from './mailer';

export interface EventEmail {
  /** The id of the event the email answers: at most one email per event. */
  eventId: string;
  emailType: string;
  userId: number | null;
  to: string;
  template: string;
  context: object;
}

export class EventEmailSender {
  constructor(
    private readonly renderer: EmailRenderer,
    private readonly mailer: Mailer,
  ) {}

  /**
   * Records the email, then sends it, inside the consumer's transaction: a failed send rolls the record back so the
   * event is retried, and a redelivered event finds the record (or waits on its row lock) and sends nothing.
   * Returns whether this call sent it.
   */
  async sendOnce(manager: EntityManager, email: EventEmail): Promise<boolean> {
    const recorded: unknown[] = await manager.query(
      `INSERT INTO notifications.sent_emails (event_id, email_type, user_id, recipient) VALUES ($1, $2, $3, $4)
       ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
      [email.eventId, email.emailType, email.userId, email.to],
    );
    if (recorded.length === 0) return false;
    await this.mailer.send(email.to, this.renderer.render(email.template, email.context));
    return true;
  }
}
