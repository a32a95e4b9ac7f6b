import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row per email sent for an event, recorded by EmailSender once it is out. Also the basis of email stats. */
@Entity({ name: 'sent_emails' })
export class SentEmailEntity {
  @PrimaryColumn({ name: 'event_id', type: 'text' })
  eventId: string;

  @Column({ name: 'email_type', type: 'text' })
  emailType: string;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  /** Null once the person erased their account (issue 20): the row still counts in the statistics. */
  @Column({ type: 'text', nullable: true })
  recipient: string | null;

  /** The request the email goes back to, as in the email's X-Correlation-Id header. */
  @Column({ name: 'correlation_id', type: 'text', nullable: true })
  correlationId: string | null;

  /** As the person read it; null for emails sent before issue 20, when subjects were not kept. */
  @Column({ type: 'text', nullable: true })
  subject: string | null;

  @Column({ name: 'sent_at', type: 'timestamptz', default: () => 'now()' })
  sentAt: Date;
}
