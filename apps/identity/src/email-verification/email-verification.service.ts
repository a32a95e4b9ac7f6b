import { AccountMessages, DomainEvents, EmailVerifiedReply, IDENTITY, MessageReply, VerificationLinkReply } from '@fodmap/contracts';
import { CommandHandler, EventStore, rpcFailure } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { BIND_ADMIN_ENTRY_SQL } from '../admin-users/admin-access';
import { EmailedLinks, findEmailedLink, issueEmailedLink, recordLinkRequest, redeemEmailedLink } from '../email-links/emailed-links';
import { linkTokenState } from '../email-links/link-token';
import { UserEntity } from '../users/user.entity';
import { UserCommand, userDecider, userStream } from '../users/user.decider';

/** A confirmation link works for 24 hours, twice at most (a resend after the sender crashed). */
const VERIFICATION_LINKS: EmailedLinks = { purpose: 'verify-email', lifetimeMs: 24 * 60 * 60 * 1000, maxLinks: 2 };

/**
 * Records a confirmation email's request in the transaction of its EmailVerificationRequested: the person's earlier
 * links stop working, and this one's token is issued when the email goes out (verificationLink).
 */
export function recordVerificationRequest(manager: EntityManager, request: { verificationId: string; userId: number; verifyBaseUrl: string | null; now: Date }): Promise<void> {
  const { verificationId, userId, verifyBaseUrl, now } = request;
  return recordLinkRequest(manager, VERIFICATION_LINKS, { id: verificationId, userId, baseUrl: verifyBaseUrl, now });
}

/**
 * Issue 20: an address is proven by opening the link emailed to it (or a password reset's). The proof is the user's
 * EmailVerified, written with users.email_verified_at and the binding of an admin entry of that address to the account.
 */
@Injectable()
export class EmailVerificationService {
  private readonly commands: CommandHandler<DomainEvents[typeof IDENTITY]>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    events: EventStore<DomainEvents[typeof IDENTITY]>,
  ) {
    this.commands = new CommandHandler(events);
  }

  /** 409 once proven; the gateway limits how often (3 an hour). */
  async resend(userId: number, verifyBaseUrl: string): Promise<MessageReply> {
    const verificationId = randomUUID();
    await this.execute(userId, { type: 'RequestVerification', verificationId }, (manager) =>
      recordVerificationRequest(manager, { verificationId, userId, verifyBaseUrl, now: new Date() }),
    );
    return { message: AccountMessages.verifyEmailSent };
  }

  /** Asked by notifications as it sends the email: a fresh token, at most twice per request. 410 when none may go. */
  async verificationLink(verificationId: string): Promise<VerificationLinkReply> {
    const link = await issueEmailedLink(this.dataSource, VERIFICATION_LINKS, verificationId);
    if (link === null) throw rpcFailure(410, AccountMessages.verifyEmailInvalidToken);
    return { verifyUrl: link };
  }

  /** Uses the link's token once. An account proven meanwhile (by a reset) is simply told it is confirmed. */
  async verify(token: string): Promise<EmailVerifiedReply> {
    const now = new Date();
    const found = await findEmailedLink(this.dataSource.manager, VERIFICATION_LINKS, token);
    if (!found || linkTokenState(found, now) !== 'usable') throw rpcFailure(400, AccountMessages.verifyEmailInvalidToken);
    await this.confirm(found.userId, now, async (manager) => {
      if ((await redeemEmailedLink(manager, VERIFICATION_LINKS, token, now)) === null) throw rpcFailure(400, AccountMessages.verifyEmailInvalidToken);
    });
    return { message: AccountMessages.verifyEmailSuccess, userId: found.userId };
  }

  /** Records the proof unless there is one already; `alsoDo` runs in its transaction (e.g. using the token). */
  async confirm(userId: number, verifiedAt: Date, alsoDo?: (manager: EntityManager) => Promise<void>): Promise<void> {
    await this.execute(userId, { type: 'Verify', verifiedAt }, alsoDo);
  }

  /** The user's row is the decider's state (as in UsersService), written with the event and what goes with it. */
  private async execute(userId: number, command: UserCommand, alsoDo?: (manager: EntityManager) => Promise<void>): Promise<void> {
    await this.commands.handleStateStored(userDecider, userStream(userId), command, {
      load: () => this.dataSource.manager.findOneBy(UserEntity, { id: userId }),
      save: async (manager, state) => {
        if (state === null) return;
        await alsoDo?.(manager);
        if (command.type !== 'Verify') return;
        await manager.update(UserEntity, { id: userId }, { emailVerifiedAt: state.emailVerifiedAt });
        await manager.query(BIND_ADMIN_ENTRY_SQL, [userId, state.email]);
      },
    }, { userId });
  }
}
