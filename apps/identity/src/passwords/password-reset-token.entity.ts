import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity';

/**
 * A reset request and its link's token; only the token's SHA-256 hash is kept, so a leaked table cannot reset anyone's
 * password. The token is issued when the email goes out (no hash until then), so no event ever carries it.
 */
@Entity({ name: 'password_reset_tokens' })
export class PasswordResetTokenEntity {
  /** Chosen before the insert: it also names the event stream of this reset request. */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @Column({ name: 'token_hash', type: 'text', unique: true, nullable: true })
  tokenHash: string | null;

  /** The public origin the link points at, given by the gateway with the request. */
  @Column({ name: 'reset_base_url', type: 'text', nullable: true })
  resetBaseUrl: string | null;

  /** How many links were issued: a second covers an email resent after a crash, more are refused. */
  @Column({ name: 'links_issued', type: 'integer', default: 0 })
  linksIssued: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
