import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity';

/**
 * A confirmation email's request and its link's token (issue 20), kept as password reset links are
 * (PasswordResetTokenEntity, emailed-links.ts): only the token's hash, issued when the email goes out.
 */
@Entity({ name: 'email_verification_tokens' })
export class EmailVerificationTokenEntity {
  /** Named by EmailVerificationRequested, which the sender answers with this id to get the link. */
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
  @Column({ name: 'verify_base_url', type: 'text', nullable: true })
  verifyBaseUrl: string | null;

  @Column({ name: 'links_issued', type: 'integer', default: 0 })
  linksIssued: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
