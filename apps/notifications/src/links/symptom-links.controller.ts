import {
  Caller,
  DAILY_SUMMARY_DEFAULT_TIME_ZONE,
  Messages,
  NotificationsMessages,
  Rpc,
  RpcParsed,
  subscriptionAllowsWrites,
  SubscriptionMessages,
  Symptom,
  SymptomLinkRedeemed,
  SymptomLinkPreview,
  SymptomLinkReply,
  TEST_SYMPTOM_LINK,
} from '@fodmap/contracts';
import { Handles, NotificationsConfig, rpcFailure, rpcFailureOf, ServiceRequester } from '@fodmap/server';
import { Controller, Inject } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { digestTables, findRecipient } from '../audience/audience-reader';
import { NOTIFICATIONS_CONFIG } from '../email/email.module';
import { LinkClaims, LinkTokens, SymptomAction } from './link-tokens';
import { symptomLinkUrl } from './link-urls';

/** The person's zone for the symptom's day: their recipient row's, else the spec's default. */
export async function linkCaller(manager: EntityManager, userId: number): Promise<Caller> {
  const recipient = await findRecipient(manager, userId);
  return { userId, timeZone: recipient?.timeZone ?? DAILY_SUMMARY_DEFAULT_TIME_ZONE };
}

/**
 * The one-tap symptom links of meal emails: the token is the authority, for its one action, signed in or not.
 * A link logs once: its use is recorded in the transaction that logs it, and the journal is asked with the token's id
 * as idempotency key, so a retry after a crash between the two is the same symptom, not a second one.
 */
@Controller()
export class SymptomLinksController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly tokens: LinkTokens,
    private readonly requester: ServiceRequester,
  ) {}

  @Handles(Rpc.notifications.previewSymptomLink)
  async preview({ token }: RpcParsed<typeof Rpc.notifications.previewSymptomLink>): Promise<SymptomLinkPreview> {
    const claims = this.verified(token);
    const [used]: unknown[] = await this.dataSource.query('SELECT 1 FROM notifications.symptom_link_uses WHERE token_id = $1', [claims.tokenId]);
    if (used) throw rpcFailure(410, NotificationsMessages.linkUsed);
    const { symptomType, severity, mealId } = claims.action;
    return { symptomType, severity, mealName: await this.mealName(claims, mealId), expiresAt: claims.expiresAt.toISOString() };
  }

  /**
   * 400 forged or not this symptom and severity, 410 expired, 409 already used, 402 when the person's trial or
   * subscription has ended: logging a symptom is a gated write (docs/how-it-works.md 'Subscriptions') whichever way it
   * comes, and the gateway's gate knows no caller here. The link stays unused, so it works once they subscribe.
   */
  @Handles(Rpc.notifications.redeemSymptomLink)
  async redeem({ input }: RpcParsed<typeof Rpc.notifications.redeemSymptomLink>): Promise<SymptomLinkRedeemed> {
    const claims = this.verified(input.token);
    const { symptomType, severity } = claims.action;
    if (input.symptom !== symptomType || input.severity !== severity) throw rpcFailure(400, NotificationsMessages.linkMismatch);
    const caller = await linkCaller(this.dataSource.manager, claims.userId);
    if (!subscriptionAllowsWrites(await this.requester.send(Rpc.identity.subscriptionStatus, { caller }))) throw rpcFailure(402, SubscriptionMessages.expiredGated);
    return this.dataSource.transaction(async (manager) => {
      // A second tap waits here on the first one's row, then finds it.
      const [first]: unknown[] = await manager.query(
        'INSERT INTO notifications.symptom_link_uses (token_id, user_id) VALUES ($1, $2) ON CONFLICT (token_id) DO NOTHING RETURNING token_id',
        [claims.tokenId, claims.userId],
      );
      if (!first) throw rpcFailure(409, NotificationsMessages.linkUsed);
      const symptom = await this.log(caller, claims);
      await manager.query('UPDATE notifications.symptom_link_uses SET symptom_id = $2 WHERE token_id = $1', [claims.tokenId, symptom.id]);
      return { userId: claims.userId, message: NotificationsMessages.symptomLogged, symptomId: symptom.id, symptomType: symptom.symptomType, severity: symptom.severity, mealId: symptom.mealId };
    });
  }

  /** Profile's third test button: the spec's preset (bloating, severity 2) about the caller's newest meal, if any. */
  @Handles(Rpc.notifications.testSymptomLink)
  async testLink({ caller }: RpcParsed<typeof Rpc.notifications.testSymptomLink>): Promise<SymptomLinkReply> {
    const [newest]: Array<{ meal_id: string }> = await this.dataSource.query(
      `SELECT meal_id FROM ${digestTables.digest_meals} WHERE user_id = $1 ORDER BY eaten_at DESC, meal_id DESC LIMIT 1`,
      [caller.userId],
    );
    const { symptom, severity } = TEST_SYMPTOM_LINK;
    const token = this.tokens.symptomLink(caller.userId, { symptomType: symptom, severity, mealId: newest ? Number(newest.meal_id) : null }, new Date());
    return { url: symptomLinkUrl(this.config.publicUrl, token, symptom, severity) };
  }

  /** A symptom link always has an expiry (LinkTokens refuses one without). */
  private verified(token: string): LinkClaims<SymptomAction> & { expiresAt: Date } {
    const verdict = this.tokens.verify(token, 'symptom', new Date());
    if (!verdict.ok && verdict.reason === 'expired') throw rpcFailure(410, NotificationsMessages.linkExpired);
    if (!verdict.ok || !verdict.claims.expiresAt) throw rpcFailure(400, NotificationsMessages.linkInvalid);
    return { ...verdict.claims, expiresAt: verdict.claims.expiresAt };
  }

  /** Logs the link's symptom; about its meal while the meal exists, unlinked once it was deleted. */
  private async log(caller: Caller, { tokenId, action }: LinkClaims<SymptomAction>): Promise<Symptom> {
    const idempotencyKey = `symptom-link-${tokenId}`;
    const input = { symptomType: action.symptomType, severity: action.severity, mealId: action.mealId };
    try {
      return await this.requester.send(Rpc.journal.logSymptom, { caller, input, idempotencyKey });
    } catch (error) {
      if (action.mealId === null || rpcFailureOf(error)?.message !== Messages.mealNotFound) throw error;
      return this.requester.send(Rpc.journal.logSymptom, { caller, input: { ...input, mealId: null }, idempotencyKey });
    }
  }

  private async mealName({ userId }: LinkClaims, mealId: number | null): Promise<string | null> {
    if (mealId === null) return null;
    try {
      const meal = await this.requester.send(Rpc.journal.getMeal, { caller: await linkCaller(this.dataSource.manager, userId), mealId });
      return meal.name;
    } catch (error) {
      if (rpcFailureOf(error)?.status === 404) return null;
      throw error;
    }
  }
}
