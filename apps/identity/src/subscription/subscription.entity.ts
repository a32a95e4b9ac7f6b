import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity';

export type StoredSubscriptionStatus = 'trial' | 'active' | 'canceled';

/** One row per user: a trial at registration; Stripe will move it to active or canceled and extend endsAt. */
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
}
