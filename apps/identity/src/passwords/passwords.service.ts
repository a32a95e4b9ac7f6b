import { forgotPasswordSchema, MessageReply, Messages, PasswordResetReply, resetPasswordSchema } from '@fodmap/contracts';
import { EventStore, parseInput, rpcFailure } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, IsNull, MoreThan, Repository } from 'typeorm';
import { UserEntity } from '../users/user.entity';
import { PasswordHasher } from './password-hasher';
import { PasswordResetTokenEntity } from './password-reset-token.entity';
import { passwordResetRequested, passwordResetStream } from './password-reset-requested.event';
import { hashResetToken, issueResetToken, resetTokenState, resetUrl } from './reset-token';

@Injectable()
export class PasswordsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(PasswordResetTokenEntity) private readonly tokens: Repository<PasswordResetTokenEntity>,
    private readonly events: EventStore,
    private readonly passwords: PasswordHasher,
  ) {}

  /** Answers the same whether or not the account exists, so the form cannot be used to discover accounts. */
  async forgotPassword(input: unknown, resetBaseUrl: unknown): Promise<MessageReply> {
    const { email } = parseInput(forgotPasswordSchema, input);
    const now = new Date();
    const issued = issueResetToken(now);
    const link = typeof resetBaseUrl === 'string' ? resetUrl(resetBaseUrl, issued.token) : null;
    if (link === null) throw rpcFailure(400, Messages.invalidResetBaseUrl);
    const user = await this.users.findOneBy({ email });
    if (user) {
      const tokenId = randomUUID();
      const event = passwordResetRequested({ userId: user.id, email: user.email, firstName: user.firstName, resetUrl: link, expiresAt: issued.expiresAt.toISOString() });
      await this.events.append(passwordResetStream(tokenId), 0, [event], { userId: user.id, occurredAt: now.toISOString() }, async (manager) => {
        // Only the newest link works: earlier unused ones expire now.
        await manager.update(PasswordResetTokenEntity, { userId: user.id, usedAt: IsNull(), expiresAt: MoreThan(now) }, { expiresAt: now });
        await manager.insert(PasswordResetTokenEntity, { id: tokenId, userId: user.id, tokenHash: issued.tokenHash, expiresAt: issued.expiresAt });
      });
    }
    return { message: Messages.forgotPasswordSent };
  }

  async resetPassword(input: unknown): Promise<PasswordResetReply> {
    const { token, newPassword } = parseInput(resetPasswordSchema, input);
    const now = new Date();
    const tokenHash = hashResetToken(token);
    const found = await this.tokens.findOneBy({ tokenHash });
    if (!found) throw rpcFailure(400, Messages.resetInvalidToken);
    if (resetTokenState(found, now) !== 'usable') throw rpcFailure(400, Messages.resetExpiredToken);
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
}
