import { SubscriptionState } from '@fodmap/contracts';
import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity';

export type StoredSubscriptionStatus = SubscriptionState;

/** One row per user: a trial at registration; Stripe's webhooks move it on (active, past_due, canceled, expired) and set endsAt. */
@Entity({ name: 'subscriptions' })
export class SubscriptionEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @OneToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @Column({ type: 'text' })
  status: StoredSubscriptionStatus;

  /** End of the trial, or of the paid period once there is one. */
  @Column({ name: 'ends_at', type: 'timestamptz' })
  endsAt: Date;

  @Column({ name: 'stripe_customer_id', type: 'text', nullable: true })
  stripeCustomerId: string | null;

  @Column({ name: 'stripe_subscription_id', type: 'text', nullable: true })
  stripeSubscriptionId: string | null;

  /** When Stripe created the last event applied here: an older one delivered later is not applied. */
  @Column({ name: 'stripe_changed_at', type: 'timestamptz', nullable: true })
  stripeChangedAt: Date | null;
}
