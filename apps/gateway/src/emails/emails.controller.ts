import { Body, Controller, ForbiddenException, HttpStatus, NotFoundException, Query, Req } from '@nestjs/common';
import {
  AccountMessages,
  AdminMessages,
  isWebUrl,
  Caller,
  emailRoutes,
  MessageReply,
  NotificationsMessages,
  ParsedBody,
  ParsedParams,
  ParsedQuery,
  Rpc,
  SymptomLinkLogged,
  SymptomLinkPreview,
  SymptomLinkReply,
  UnsubscribeReply,
} from '@fodmap/contracts';
import { Request } from 'express';
import { AccountCache } from '../auth/account-cache';
import { CurrentCaller } from '../auth/signed-in.guard';
import { clientAddress } from '../http/client-address';
import { RateLimiter } from '../http/rate-limit';
import { Endpoint, RouteBody, RouteParam, RouteQuery } from '../http/endpoint';
import { CorrelationId } from '../http/request-id';
import { RetryLaterException } from '../http/retry-later.exception';
import { ZodBody } from '../http/zod-body.pipe';
import { ServiceClient } from '../services/service-client';
import { JournalReadCache } from '../journal/journal-read-cache';

const TEST_WINDOW_SECONDS = 10 * 60;
/** Test sends per person per window, the three test buttons together: enough to try each, not to mail-bomb oneself. */
const TESTS_PER_PERSON = 5;
const LINK_WINDOW_SECONDS = 10 * 60;
/** Symptom-link previews and redeems per client address per window: a household's taps, not a scan. */
const LINK_REQUESTS_PER_ADDRESS = 60;
/** Sponsored clicks per client address a minute: far above a reader's, well below a script's. */
const SPONSORED_CLICKS_PER_MINUTE = 30;
/** A sponsored click counts once per client address, advertiser and day, however often it is followed. */
const SPONSORED_CLICK_DEDUPE_SECONDS = 24 * 60 * 60;

type TokenQuery = ParsedQuery<typeof emailRoutes.previewSymptomLink>;

/**
 * Issue 9's email routes. The three test sends act for the signed-in person only, whatever the body says. The link
 * routes need no sign-in: the signed token is the authority for its one action, and the answers depend on the token
 * alone, so they never tell whether an account or an address exists.
 */
@Controller()
export class EmailsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly limiter: RateLimiter,
    private readonly journalReads: JournalReadCache,
    private readonly accounts: AccountCache,
  ) {}

  /** Today's summary so far, to the caller's own address. */
  @Endpoint(emailRoutes.testDailySummary)
  async testDailyEmail(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<MessageReply> {
    await this.provenAddressOnly(caller, correlationId);
    return this.testSend(caller, () => this.services.send(Rpc.notifications.testDailySummary, { caller }, correlationId));
  }

  /**
   * The web sends {email, userId} (spec §7); neither is read: the email goes to the signed-in person alone. A body that
   * is not JSON is still refused with 400 by the JSON body parser.
   */
  @Endpoint(emailRoutes.testMealEmail)
  async testMealEmail(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<MessageReply> {
    await this.provenAddressOnly(caller, correlationId);
    return this.testSend(caller, () => this.services.send(Rpc.notifications.testMealEmail, { caller }, correlationId));
  }

  /** Profile's third test button: a signed link (bloating, severity 2) for the caller, opened in a new tab. */
  @Endpoint(emailRoutes.testSymptomLink)
  testSymptomLink(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<SymptomLinkReply> {
    return this.testSend(caller, () => this.services.send(Rpc.notifications.testSymptomLink, { caller }, correlationId));
  }

  /** What a valid link will log, before the tap: 400 forged, 410 expired or used. */
  @Endpoint(emailRoutes.previewSymptomLink)
  async previewSymptomLink(@RouteQuery(emailRoutes.previewSymptomLink) { token }: TokenQuery, @Req() req: Request): Promise<SymptomLinkPreview> {
    await this.throttleLinks(req);
    return this.services.send(Rpc.notifications.previewSymptomLink, { token }, req.correlationId);
  }

  /** Logs the link's one symptom, once; symptom and severity must be the token's. */
  @Endpoint(emailRoutes.redeemSymptomLink)
  async redeemSymptomLink(@RouteBody(emailRoutes.redeemSymptomLink) input: ParsedBody<typeof emailRoutes.redeemSymptomLink>, @Req() req: Request): Promise<SymptomLinkLogged> {
    await this.throttleLinks(req);
    const { userId, ...logged } = await this.services.send(Rpc.notifications.redeemSymptomLink, { input }, req.correlationId);
    await this.journalReads.changed(userId);
    return logged;
  }

  /**
   * Turns off the preference the token names; repeatable. Two callers: the web's /unsubscribe page POSTs JSON {token};
   * a mail provider's one-click (RFC 8058) POSTs to the List-Unsubscribe URL, token in the query, with the form body
   * `List-Unsubscribe=One-Click`. That body holds nothing to read, so it is not parsed, and the JSON parser leaves a
   * form alone. Not throttled by address: one provider's servers send the one-clicks of very many people.
   */
  @Endpoint(emailRoutes.unsubscribe)
  unsubscribe(@Body() body: unknown, @Query('token') queryToken: unknown, @Req() req: Request): Promise<UnsubscribeReply> {
    const bodyToken = typeof body === 'object' && body !== null ? (body as { token?: unknown }).token : undefined;
    const { token } = new ZodBody(emailRoutes.unsubscribe.body).transform({ token: bodyToken ?? queryToken });
    return this.services.send(Rpc.notifications.unsubscribe, { token }, req.correlationId);
  }

  /** A sponsored call-to-action: the click is counted, then the reader goes on to the advertiser's page. */
  @Endpoint(emailRoutes.sponsoredClick)
  async sponsoredClick(
    @RouteParam(emailRoutes.sponsoredClick, 'advertiserId') advertiserId: ParsedParams<typeof emailRoutes.sponsoredClick>['advertiserId'],
    @Req() req: Request,
  ): Promise<{ url: string; statusCode: number }> {
    const address = clientAddress(req);
    const wait = await this.limiter.reserve([{ key: `sponsored:address:${address}`, max: SPONSORED_CLICKS_PER_MINUTE }], 60);
    if (wait > 0) throw new RetryLaterException(HttpStatus.TOO_MANY_REQUESTS, NotificationsMessages.tooManyLinkRequests(wait), wait);
    // The URL names no one (spec: nothing personal in it), so a reader is known by their client address; a mail
    // scanner opening every link, or a reader tapping twice, is still one click.
    const first = await this.limiter.reserve([{ key: `sponsored:click:${advertiserId}:${address}`, max: 1 }], SPONSORED_CLICK_DEDUPE_SECONDS);
    const { url } = await this.services.send(Rpc.notifications.sponsoredClick, { advertiserId, count: first === 0 }, req.correlationId);
    // The admin form accepts http(s) only; a stored link of any other scheme (javascript:, data:) is never followed.
    if (!isWebUrl(url)) throw new NotFoundException({ message: AdminMessages.advertiserNotFound });
    return { url, statusCode: HttpStatus.FOUND };
  }

  /**
   * A test email goes only to a proven address (issue 20): identity, which records the proof, says so at once, so an
   * unproven person is told before any allowance is spent and without notifications waiting for a proof that is not
   * coming. A cached account that is proven is enough; one cached unproven is asked again (it may have just confirmed).
   */
  private async provenAddressOnly(caller: Caller, correlationId: string): Promise<void> {
    if (this.accounts.get(caller.userId)?.emailVerified) return;
    const account = this.accounts.remember(await this.services.send(Rpc.identity.get, { caller }, correlationId));
    if (!account.emailVerified) throw new ForbiddenException({ message: AccountMessages.verifyEmailFirst });
  }

  /** One unit of the caller's test allowance, atomically across gateways; given back when the send fails. */
  private async testSend<Reply>(caller: Caller, send: () => Promise<Reply>): Promise<Reply> {
    const key = `test-email:user:${caller.userId}`;
    const wait = await this.limiter.reserve([{ key, max: TESTS_PER_PERSON }], TEST_WINDOW_SECONDS);
    if (wait > 0) throw new RetryLaterException(HttpStatus.TOO_MANY_REQUESTS, NotificationsMessages.tooManyTestEmails(wait), wait);
    try {
      return await send();
    } catch (error) {
      await this.limiter.release(key);
      throw error;
    }
  }

  private async throttleLinks(req: Request): Promise<void> {
    const wait = await this.limiter.reserve([{ key: `symptom-link:address:${clientAddress(req)}`, max: LINK_REQUESTS_PER_ADDRESS }], LINK_WINDOW_SECONDS);
    if (wait > 0) throw new RetryLaterException(HttpStatus.TOO_MANY_REQUESTS, NotificationsMessages.tooManyLinkRequests(wait), wait);
  }
}
