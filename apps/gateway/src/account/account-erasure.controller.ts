import { Controller, HttpException, HttpStatus, Inject, Req, Res } from '@nestjs/common';
import { AccountMessages, accountRoutes, Caller, MessageReply, ParsedBody, pathTo, Rpc } from '@fodmap/contracts';
import { Request, Response } from 'express';
import { AccountCache } from '../auth/account-cache';
import { KnownDevices } from '../auth/known-device';
import { LoginAttempt, LoginAttempts } from '../auth/login-attempts';
import { SESSION_COOKIE } from '../auth/session';
import { CurrentCaller } from '../auth/signed-in.guard';
import { UserSessions } from '../auth/user-sessions';
import { clientAddress } from '../http/client-address';
import { Endpoint, RouteBody } from '../http/endpoint';
import { RateLimiter } from '../http/rate-limit';
import { JournalReadCache } from '../journal/journal-read-cache';
import { PhotoStore } from '../photos/photo-store';
import { ServiceClient } from '../services/service-client';

const PHOTO_PATH = pathTo(accountRoutes.photo, { name: '' });

/**
 * The rate-limit counters whose keys name the person (login-attempts, auth, ai-search-limits, emails, journal-write-rate,
 * export): a new one adds its key here.
 */
const personalLimitKeys = (userId: number, email: string): string[] => [
  `login:email:${email}`,
  `reset:email:${email}`,
  `verify-resend:user:${userId}`,
  `ai-search:minute:user:${userId}`,
  `ai-search:day:user:${userId}`,
  `test-email:user:${userId}`,
  `journal-writes:${userId}`,
  `export:user:${userId}`,
];

/**
 * Deleting the account (issue 20 'Erasure'). The password is guessed against like a sign-in, so it is counted as one
 * (LoginAttempts: a wrong one keeps its unit). Identity erases the account and announces AccountErased, on which every
 * service erases what it holds; the gateway then forgets the person: their sessions, cached reads, counters and photo.
 */
@Controller()
export class AccountErasureController {
  constructor(
    private readonly services: ServiceClient,
    private readonly sessions: UserSessions,
    private readonly accounts: AccountCache,
    private readonly attempts: LoginAttempts,
    private readonly limiter: RateLimiter,
    private readonly journalReads: JournalReadCache,
    private readonly photos: PhotoStore,
    @Inject(KnownDevices) private readonly devices: KnownDevices,
  ) {}

  @Endpoint(accountRoutes.erase)
  async erase(
    @CurrentCaller() caller: Caller,
    @RouteBody(accountRoutes.erase) input: ParsedBody<typeof accountRoutes.erase>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MessageReply> {
    const { email } = await this.services.send(Rpc.identity.get, { caller }, req.correlationId);
    const attempt: LoginAttempt = { email, address: clientAddress(req), device: this.devices.recognise(req, email) };
    await this.attempts.reserve(attempt);
    let erased;
    try {
      erased = await this.services.send(Rpc.identity.eraseAccount, { caller, input }, req.correlationId);
    } catch (error) {
      const wrongPassword = error instanceof HttpException && error.getStatus() === HttpStatus.FORBIDDEN;
      if (!wrongPassword) await this.attempts.abandoned(attempt);
      throw error;
    }
    const { userId } = caller;
    this.accounts.delete(userId);
    await this.sessions.signOut(req);
    await this.sessions.endAll(userId);
    res.clearCookie(SESSION_COOKIE);
    await this.journalReads.forget(userId);
    await this.attempts.succeeded(attempt);
    await Promise.all(personalLimitKeys(userId, email).map((key) => this.limiter.clear(key)));
    if (erased.profileImageUrl?.startsWith(PHOTO_PATH)) await this.photos.remove(erased.profileImageUrl.slice(PHOTO_PATH.length));
    return { message: AccountMessages.accountErased };
  }
}
