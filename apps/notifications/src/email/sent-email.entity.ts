import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row per email sent for an event: a redelivered event finds its row and sends nothing. Also the basis of email stats. */
@Entity({ name: 'sent_emails' })
export class SentEmailEntity {
  @PrimaryColumn({ name: 'event_id', type: 'text' })
  eventId: string;

  @Column({ name: 'email_type', type: 'text' })
  emailType: string;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @Column({ type: 'text' })
  recipient: string;

  @Column({ name: 'sent_at', type: 'timestamptz', default: () => 'now()' })
  sentAt: Date;
}
