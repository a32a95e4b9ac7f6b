import { Controller, HttpException, HttpStatus, Inject, Req, Res, UnauthorizedException, UseGuards } from '@nestjs/common';
import { AccountMessages, accountRoutes, authRoutes, Caller, MessageReply, Messages, ParsedBody, Rpc, User } from '@fodmap/contracts';
import { GatewayConfig, SERVER_CONFIG } from '@fodmap/server';
import { Request, Response } from 'express';
import { clientAddress } from '../http/client-address';
import { RateLimiter } from '../http/rate-limit';
import { RetryLaterException } from '../http/retry-later.exception';
import { Endpoint, RouteBody } from '../http/endpoint';
import { CorrelationId } from '../http/request-id';
import { ServiceClient } from '../services/service-client';
import { AccountCache } from './account-cache';
import { KnownDevices } from './known-device';
import { LoginAttempt, LoginAttempts } from './login-attempts';
import { LoginGuard } from './login.guard';
import { Registrations } from './registrations';
import { SESSION_COOKIE, signedInUser } from './session';
import { CurrentCaller } from './signed-in.guard';
import { UserSessions } from './user-sessions';

const RESET_WINDOW_SECONDS = 60 * 60;
/** Confirmation emails per account per hour (issue 20): enough for a lost one or two, not for mail-bombing an address. */
const VERIFICATION_EMAILS_PER_ACCOUNT = 3;
/** Reset emails per address asked for, and reset requests per client, per hour: enough for a person, not for a flood. */
const RESETS_PER_EMAIL = 3;
const RESETS_PER_ADDRESS = 20;

@Controller()
export class AuthController {
  constructor(
    private readonly services: ServiceClient,
    private readonly sessions: UserSessions,
    private readonly accounts: AccountCache,
    private readonly limiter: RateLimiter,
    private readonly attempts: LoginAttempts,
    private readonly registrations: Registrations,
    @Inject(KnownDevices) private readonly devices: KnownDevices,
    @Inject(SERVER_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Endpoint(authRoutes.register)
  async register(
    @RouteBody(authRoutes.register) input: ParsedBody<typeof authRoutes.register>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<User> {
    await this.registrations.reserve(clientAddress(req));
    // The host the person signed up on brands their emails; req.hostname honours X-Forwarded-Host from trusted proxies only.
    // The confirmation link is built from our configured address, as reset links are.
    const user = await this.services.send(Rpc.identity.register, { input, host: req.hostname, verifyBaseUrl: this.config.publicUrl }, req.correlationId);
    await this.sessions.signIn(req, signedInUser(user));
    this.devices.remember(req, res, user.email);
    return user;
  }

  /** LoginGuard (passport's local strategy) has checked the password, counted the attempt and started the session. */
  @Endpoint(authRoutes.login)
  @UseGuards(LoginGuard)
  login(@Req() req: Request): User {
    if (!req.user?.account) throw new UnauthorizedException({ message: Messages.unauthorized });
    return req.user.account;
  }

  @Endpoint(authRoutes.logout)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MessageReply> {
    if (req.user) this.accounts.delete(req.user.caller.userId);
    await this.sessions.signOut(req);
    res.clearCookie(SESSION_COOKIE);
    return { message: Messages.loggedOut };
  }

  /** Ends every session of the account, this one included, and clears this browser's cookie. */
  @Endpoint(authRoutes.logoutAll)
  async logoutAll(@CurrentCaller() caller: Caller, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MessageReply> {
    this.accounts.delete(caller.userId);
    await this.sessions.signOut(req);
    await this.sessions.endAll(caller.userId);
    res.clearCookie(SESSION_COOKIE);
    return { message: AccountMessages.signedOutEverywhere };
  }

  /**
   * Opens the confirmation link's token (issue 20). The account's cached view is dropped, so emailVerified and the admin
   * rights it may now hold show at the next read, in every session.
   */
  @Endpoint(authRoutes.verifyEmail)
  async verifyEmail(@RouteBody(authRoutes.verifyEmail) input: ParsedBody<typeof authRoutes.verifyEmail>, @CorrelationId() correlationId: string): Promise<MessageReply> {
    const { message, userId } = await this.services.send(Rpc.identity.verifyEmail, { input }, correlationId);
    this.accounts.delete(userId);
    return { message };
  }

  /** Three an hour per account, counted before identity is asked; a refusal as confirmed already gives its unit back. */
  @Endpoint(authRoutes.resendVerification)
  async resendVerification(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<MessageReply> {
    const key = `verify-resend:user:${caller.userId}`;
    const wait = await this.limiter.reserve([{ key, max: VERIFICATION_EMAILS_PER_ACCOUNT }], RESET_WINDOW_SECONDS);
    if (wait > 0) throw new RetryLaterException(HttpStatus.TOO_MANY_REQUESTS, AccountMessages.tooManyVerificationEmails(wait), wait);
    try {
      return await this.services.send(Rpc.identity.resendVerification, { caller, verifyBaseUrl: this.config.publicUrl }, correlationId);
    } catch (error) {
      await this.limiter.release(key);
      throw error;
    }
  }

  /** Where the web app sends a person whose session ended (spec §8). */
  @Endpoint(authRoutes.signInPage)
  signInPage(): { url: string; statusCode: number } {
    return { url: '/login', statusCode: HttpStatus.FOUND };
  }

  @Endpoint(accountRoutes.user)
  async currentUser(@CurrentCaller() caller: Caller, @Req() req: Request): Promise<User> {
    const known = this.accounts.get(caller.userId);
    if (known) return known;
    try {
      return this.accounts.remember(await this.services.send(Rpc.identity.get, { caller }, req.correlationId));
    } catch (error) {
      // The account behind this session no longer exists: the session is over.
      if (error instanceof HttpException && error.getStatus() === HttpStatus.NOT_FOUND) {
        await this.sessions.signOut(req);
        throw new HttpException({ message: Messages.unauthorized }, HttpStatus.UNAUTHORIZED);
      }
      throw error;
    }
  }

  @Endpoint(accountRoutes.notifications)
  async updateNotifications(
    @CurrentCaller() caller: Caller,
    @RouteBody(accountRoutes.notifications) input: ParsedBody<typeof accountRoutes.notifications>,
    @CorrelationId() correlationId: string,
  ): Promise<User> {
    return this.accounts.remember(await this.services.send(Rpc.identity.updateNotifications, { caller, input }, correlationId));
  }

  /**
   * Issue 18's answers. A corrected zone is every service's `caller.timeZone` from the next request on: each of the
   * person's sessions is given it, so their days (and the journal read cache's keys) move with it on every device.
   */
  @Endpoint(accountRoutes.profile)
  async updateProfile(
    @CurrentCaller() caller: Caller,
    @RouteBody(accountRoutes.profile) input: ParsedBody<typeof accountRoutes.profile>,
    @CorrelationId() correlationId: string,
  ): Promise<User> {
    const user = await this.services.send(Rpc.identity.updateProfile, { caller, input }, correlationId);
    if (user.timeZone !== caller.timeZone) await this.sessions.changeTimeZone(user.id, user.timeZone);
    return this.accounts.remember(user);
  }

  /** Throttled per email and per client address, whether or not the account exists, so it reveals nothing. */
  @Endpoint(authRoutes.forgotPassword)
  async forgotPassword(@RouteBody(authRoutes.forgotPassword) input: ParsedBody<typeof authRoutes.forgotPassword>, @Req() req: Request): Promise<MessageReply> {
    const wait = await this.limiter.reserve(
      [
        { key: `reset:email:${input.email}`, max: RESETS_PER_EMAIL },
        { key: `reset:address:${clientAddress(req)}`, max: RESETS_PER_ADDRESS },
      ],
      RESET_WINDOW_SECONDS,
    );
    if (wait > 0) throw new RetryLaterException(HttpStatus.TOO_MANY_REQUESTS, Messages.tooManyResetRequests(wait), wait);
    // The link is built from our configured address, never from the request's Host header, which a sender controls.
    return this.services.send(Rpc.identity.forgotPassword, { input, resetBaseUrl: this.config.publicUrl }, req.correlationId);
  }

  /** A new password ends every other session of the account: whoever knew the old one is signed out everywhere. */
  @Endpoint(authRoutes.resetPassword)
  async resetPassword(@RouteBody(authRoutes.resetPassword) input: ParsedBody<typeof authRoutes.resetPassword>, @Req() req: Request): Promise<MessageReply> {
    const { message, userId } = await this.services.send(Rpc.identity.resetPassword, { input }, req.correlationId);
    this.accounts.delete(userId);
    await this.sessions.endAll(userId, req.user?.caller.userId === userId ? req.sessionID : undefined);
    return { message };
  }

  /**
   * A wrong current password counts as a failed sign-in of the account's email (the same counter, reserved before the
   * hash, so parallel guesses cannot pass it): the change form is no way around the sign-in limit. Every other session
   * ends; this one stays signed in.
   */
  @Endpoint(accountRoutes.changePassword)
  async changePassword(
    @CurrentCaller() caller: Caller,
    @RouteBody(accountRoutes.changePassword) input: ParsedBody<typeof accountRoutes.changePassword>,
    @Req() req: Request,
  ): Promise<MessageReply> {
    const { email } = this.accounts.get(caller.userId) ?? (await this.services.send(Rpc.identity.get, { caller }, req.correlationId));
    const attempt: LoginAttempt = { email, address: clientAddress(req), device: this.devices.recognise(req, email) };
    await this.attempts.reserve(attempt);
    let reply: MessageReply;
    try {
      reply = await this.services.send(Rpc.identity.changePassword, { caller, input }, req.correlationId);
    } catch (error) {
      const wrongPassword = error instanceof HttpException && error.getStatus() === HttpStatus.FORBIDDEN;
      if (!wrongPassword) await this.attempts.abandoned(attempt);
      throw error;
    }
    await this.attempts.succeeded(attempt);
    await this.sessions.endAll(caller.userId, req.sessionID);
    return reply;
  }
}
