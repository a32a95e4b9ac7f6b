import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity';

/** What an emailed link does, which is also the web page it opens: confirm the address, or reset the password. */
export type EmailLinkPurpose = 'verify-email' | 'reset-password';

/**
 * A request for an emailed link (a password reset, an address confirmation) and its link's token. Only the token's
 * SHA-256 hash is kept, so a leaked table opens nothing; the token is issued when the email goes out (no hash until
 * then), so no event or job ever carries it. Deleted with the person's account (ON DELETE CASCADE).
 */
@Entity({ name: 'email_link_tokens' })
export class EmailLinkEntity {
  /** Chosen before the insert: named by the request's event (PasswordResetRequested, EmailVerificationRequested). */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  /** A token is redeemed only for its own purpose: a confirmation link never resets a password. */
  @Column({ type: 'text' })
  purpose: EmailLinkPurpose;

  @Column({ name: 'token_hash', type: 'text', unique: true, nullable: true })
  tokenHash: string | null;

  /** The public origin the link points at, given by the gateway with the request. */
  @Column({ name: 'base_url', type: 'text', nullable: true })
  baseUrl: string | null;

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
