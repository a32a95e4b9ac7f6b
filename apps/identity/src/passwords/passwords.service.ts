import { AccountMessages, DomainEvents, IDENTITY, MessageReply, Messages, PasswordResetReply, ResetLinkReply, Rpc, RpcParsed } from '@fodmap/contracts';
import { CommandHandler, EventStore, rpcFailure } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, Repository } from 'typeorm';
import { UserEntity } from '../users/user.entity';
import { refuseCommonPassword } from './common-passwords';
import { PasswordHasher } from './password-hasher';
import { passwordResetDecider, passwordResetStream } from './password-reset.decider';
import { EmailedLinks, findEmailedLink, issueEmailedLink, recordLinkRequest, redeemEmailedLink } from '../email-links/emailed-links';
import { linkTokenState, linkUrl } from '../email-links/link-token';
import { EmailVerificationService } from '../email-verification/email-verification.service';

/** A reset link works for an hour, twice at most (a resend after the sender crashed). */
const RESET_LINKS: EmailedLinks = { purpose: 'reset-password', lifetimeMs: 60 * 60 * 1000, maxLinks: 2 };

@Injectable()
export class PasswordsService {
  private readonly commands: CommandHandler<DomainEvents[typeof IDENTITY]>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    events: EventStore<DomainEvents[typeof IDENTITY]>,
    private readonly passwords: PasswordHasher,
    private readonly verification: EmailVerificationService,
  ) {
    this.commands = new CommandHandler(events);
  }

  /** Answers the same whether or not the account exists, so the form cannot be used to discover accounts. */
  async forgotPassword({ input: { email }, resetBaseUrl }: RpcParsed<typeof Rpc.identity.forgotPassword>): Promise<MessageReply> {
    const now = new Date();
    if (linkUrl(resetBaseUrl, RESET_LINKS.purpose, 'check') === null) throw rpcFailure(400, Messages.invalidResetBaseUrl);
    const user = await this.users.findOneBy({ email });
    if (user) {
      const resetId = randomUUID();
      const expiresAt = new Date(now.getTime() + RESET_LINKS.lifetimeMs);
      const reset = { resetId, userId: user.id, email: user.email, firstName: user.firstName, expiresAt: expiresAt.toISOString() };
      await this.commands.handle(passwordResetDecider, passwordResetStream(resetId), { type: 'Request', reset }, {
        userId: user.id,
        occurredAt: now.toISOString(),
        after: (manager) => recordLinkRequest(manager, RESET_LINKS, { id: resetId, userId: user.id, baseUrl: resetBaseUrl, now }),
      });
    }
    return { message: Messages.forgotPasswordSent };
  }

  /**
   * Issues the link of a reset for its email: a fresh token each time, so only the latest link works, and at most
   * twice per reset (a resend after the sender crashed), only while the reset is the user's newest and unexpired.
   */
  async resetLink(resetId: string): Promise<ResetLinkReply> {
    const link = await issueEmailedLink(this.dataSource, RESET_LINKS, resetId);
    if (link === null) throw rpcFailure(410, Messages.resetExpiredToken);
    return { resetUrl: link };
  }

  /** The link reached the person's mailbox, so a completed reset confirms the address too (issue 20). */
  async resetPassword({ token, newPassword }: RpcParsed<typeof Rpc.identity.resetPassword>['input']): Promise<PasswordResetReply> {
    const now = new Date();
    const found = await findEmailedLink(this.dataSource.manager, RESET_LINKS, token);
    if (!found) throw rpcFailure(400, Messages.resetInvalidToken);
    if (linkTokenState(found, now) !== 'usable') throw rpcFailure(400, Messages.resetExpiredToken);
    refuseCommonPassword(newPassword);
    // Hashed before the transaction, which then lasts milliseconds, not the hash's deliberate slowness.
    const passwordHash = await this.passwords.hash(newPassword);
    const userId = await this.dataSource.transaction(async (manager) => {
      const owner = await redeemEmailedLink(manager, RESET_LINKS, token, now);
      if (owner === null) throw rpcFailure(400, Messages.resetExpiredToken);
      await manager.update(UserEntity, { id: owner }, { passwordHash });
      return owner;
    });
    await this.verification.confirm(userId, now);
    return { message: Messages.resetSuccess, userId };
  }

  /**
   * Profile's 'Change password', proven by the current one (403 when wrong: the gateway counts it as a failed sign-in).
   * The new one has passed the reset rules (the schema) and must not be common.
   */
  async changePassword(userId: number, { currentPassword, newPassword }: RpcParsed<typeof Rpc.identity.changePassword>['input']): Promise<MessageReply> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw rpcFailure(401, Messages.unauthorized);
    if (!(await this.passwords.verify(user.passwordHash, currentPassword))) throw rpcFailure(403, AccountMessages.currentPasswordWrong);
    refuseCommonPassword(newPassword);
    await this.users.update({ id: userId }, { passwordHash: await this.passwords.hash(newPassword) });
    return { message: AccountMessages.passwordChanged };
  }
}
