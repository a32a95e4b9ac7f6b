import { forgotPasswordSchema, MessageReply, Messages, resetPasswordSchema } from '@fodmap/contracts';
import { rpcFailure } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, MoreThan, Repository } from 'typeorm';
import { parseInput } from '../common/rpc-input';
import { UserEntity } from '../users/user.entity';
import { PasswordHasher } from './password-hasher';
import { PasswordResetTokenEntity } from './password-reset-token.entity';
import { recordPasswordResetRequested } from './password-reset-requested.event';
import { hashResetToken, issueResetToken, resetTokenState, resetUrl } from './reset-token';

@Injectable()
export class PasswordsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(PasswordResetTokenEntity) private readonly tokens: Repository<PasswordResetTokenEntity>,
    private readonly passwords: PasswordHasher,
  ) {}

  /** Answers the same whether or not the account exists, so the form cannot be used to discover accounts. */
  async forgotPassword(input: unknown, resetBaseUrl: unknown, now = new Date()): Promise<MessageReply> {
    const { email } = parseInput(forgotPasswordSchema, input);
    const issued = issueResetToken(now);
    const link = typeof resetBaseUrl === 'string' ? resetUrl(resetBaseUrl, issued.token) : null;
    if (link === null) throw rpcFailure(400, Messages.invalidResetBaseUrl);
    const user = await this.users.findOneBy({ email });
    if (user) {
      await this.dataSource.transaction(async (manager) => {
        // Only the newest link works: earlier unused ones expire now.
        await manager.update(PasswordResetTokenEntity, { userId: user.id, usedAt: IsNull(), expiresAt: MoreThan(now) }, { expiresAt: now });
        await manager.insert(PasswordResetTokenEntity, { userId: user.id, tokenHash: issued.tokenHash, expiresAt: issued.expiresAt });
        await recordPasswordResetRequested(manager, {
          userId: user.id,
          email: user.email,
          firstName: user.firstName,
          resetUrl: link,
          expiresAt: issued.expiresAt.toISOString(),
        });
      });
    }
    return { message: Messages.forgotPasswordSent };
  }

  async resetPassword(input: unknown, now = new Date()): Promise<MessageReply> {
    const { token, newPassword } = parseInput(resetPasswordSchema, input);
    const tokenHash = hashResetToken(token);
    const found = await this.tokens.findOneBy({ tokenHash });
    if (!found) throw rpcFailure(400, Messages.resetInvalidToken);
    if (resetTokenState(found, now) !== 'usable') throw rpcFailure(400, Messages.resetExpiredToken);
    // Hashed before the transaction so the row lock is held for milliseconds, not for the hash's deliberate slowness.
    const passwordHash = await this.passwords.hash(newPassword);
    await this.dataSource.transaction(async (manager) => {
      const locked = await manager.findOne(PasswordResetTokenEntity, { where: { id: found.id }, lock: { mode: 'pessimistic_write' } });
      if (!locked || resetTokenState(locked, now) !== 'usable') throw rpcFailure(400, Messages.resetExpiredToken);
      await manager.update(PasswordResetTokenEntity, { id: locked.id }, { usedAt: now });
      await manager.update(UserEntity, { id: locked.userId }, { passwordHash });
    });
    return { message: Messages.resetSuccess };
  }
}
