import { DomainEvents, IDENTITY, MessageReply, Messages, PasswordResetReply, ResetLinkReply, Rpc, RpcParsed } from '@fodmap/contracts';
import { CommandHandler, EventStore, rpcFailure } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, IsNull, MoreThan, Repository } from 'typeorm';
import { UserEntity } from '../users/user.entity';
import { refuseCommonPassword } from './common-passwords';
import { PasswordHasher } from './password-hasher';
import { PasswordResetTokenEntity } from './password-reset-token.entity';
import { passwordResetDecider, passwordResetStream } from './password-reset.decider';
import { hashResetToken, issueResetToken, RESET_TOKEN_LIFETIME_MS, resetTokenState, resetUrl } from './reset-token';

const MAX_LINKS_PER_RESET = 2;

@Injectable()
export class PasswordsService {
  private readonly commands: CommandHandler<DomainEvents[typeof IDENTITY]>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(PasswordResetTokenEntity) private readonly tokens: Repository<PasswordResetTokenEntity>,
    events: EventStore<DomainEvents[typeof IDENTITY]>,
    private readonly passwords: PasswordHasher,
  ) {
    this.commands = new CommandHandler(events);
  }

  /** Answers the same whether or not the account exists, so the form cannot be used to discover accounts. */
  async forgotPassword({ input: { email }, resetBaseUrl }: RpcParsed<typeof Rpc.identity.forgotPassword>): Promise<MessageReply> {
    const now = new Date();
    if (resetUrl(resetBaseUrl, 'check') === null) throw rpcFailure(400, Messages.invalidResetBaseUrl);
    const user = await this.users.findOneBy({ email });
    if (user) {
      const resetId = randomUUID();
      const expiresAt = new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS);
      const reset = { resetId, userId: user.id, email: user.email, firstName: user.firstName, expiresAt: expiresAt.toISOString() };
      await this.commands.handle(passwordResetDecider, passwordResetStream(resetId), { type: 'Request', reset }, {
        userId: user.id,
        occurredAt: now.toISOString(),
        after: async (manager) => {
          // Only the newest link works: earlier unused ones expire now.
          await manager.update(PasswordResetTokenEntity, { userId: user.id, usedAt: IsNull(), expiresAt: MoreThan(now) }, { expiresAt: now });
          await manager.insert(PasswordResetTokenEntity, { id: resetId, userId: user.id, tokenHash: null, resetBaseUrl, expiresAt });
        },
      });
    }
    return { message: Messages.forgotPasswordSent };
  }

  /**
   * Issues the link of a reset for its email: a fresh token each time, so only the latest link works, and at most
   * twice per reset (a resend after the sender crashed), only while the reset is the user's newest and unexpired.
   */
  async resetLink(resetId: string): Promise<ResetLinkReply> {
    const { token, tokenHash } = issueResetToken(new Date());
    // TypeORM answers an UPDATE with [rows, affected].
    const [rows]: [Array<{ reset_base_url: string }>, number] = await this.dataSource.query(
      `UPDATE identity.password_reset_tokens SET token_hash = $2, links_issued = links_issued + 1
       WHERE id = $1 AND used_at IS NULL AND expires_at > now() AND links_issued < $3 AND reset_base_url IS NOT NULL
       RETURNING reset_base_url`,
      [resetId, tokenHash, MAX_LINKS_PER_RESET],
    );
    const link = rows.length === 1 ? resetUrl(rows[0].reset_base_url, token) : null;
    if (link === null) throw rpcFailure(410, Messages.resetExpiredToken);
    return { resetUrl: link };
  }

  async resetPassword({ token, newPassword }: RpcParsed<typeof Rpc.identity.resetPassword>['input']): Promise<PasswordResetReply> {
    const now = new Date();
    const tokenHash = hashResetToken(token);
    const found = await this.tokens.findOneBy({ tokenHash });
    if (!found) throw rpcFailure(400, Messages.resetInvalidToken);
    if (resetTokenState(found, now) !== 'usable') throw rpcFailure(400, Messages.resetExpiredToken);
    refuseCommonPassword(newPassword);
    // Hashed before the transaction so the row lock is held for milliseconds, not for the hash's deliberate slowness.
    const passwordHash = await this.passwords.hash(newPassword);
    const userId = await this.dataSource.transaction(async (manager) => {
      const locked = await manager.findOne(PasswordResetTokenEntity, { where: { id: found.id }, lock: { mode: 'pessimistic_write' } });
      if (!locked || resetTokenState(locked, now) !== 'usable') throw rpcFailure(400, Messages.resetExpiredToken);
      await manager.update(PasswordResetTokenEntity, { id: locked.id }, { usedAt: now });
      await manager.update(UserEntity, { id: locked.userId }, { passwordHash });
      return locked.userId;
    });
    return { message: Messages.resetSuccess, userId };
  }

  /**
   * Profile's 'Change password', proven by the current one (403 when wrong: the gateway counts it as a failed sign-in).
   * The new one has passed the reset rules (the schema) and must not be common.
   */
  async changePassword(userId: number, { currentPassword, newPassword }: RpcParsed<typeof Rpc.identity.changePassword>['input']): Promise<MessageReply> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw rpcFailure(401, Messages.unauthorized);
    if (!(await this.passwords.verify(user.passwordHash, currentPassword))) throw rpcFailure(403, Messages.currentPasswordWrong);
    refuseCommonPassword(newPassword);
    await this.users.update({ id: userId }, { passwordHash: await this.passwords.hash(newPassword) });
    return { message: Messages.passwordChanged };
  }
}
