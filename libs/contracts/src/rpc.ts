import { AccountMessages } from './account/account-messages';
import { z } from 'zod';
import { exportCursorSchema, type ExportPage, type SentEmailRecord } from './account/account-export';
import { eraseAccountSchema, forgotPasswordSchema, loginSchema, notificationPreferencesSchema, registerSchema, resetPasswordSchema, changePasswordSchema, verifyEmailSchema } from './auth/auth.schemas';
import { profileChangeSchema } from './auth/profile';
import type { User } from './auth/user';
import type { DomainConfig } from './config/domain-config';
import { type CatalogueInfo, type CatalogueReleaseNotes, type Food, foodListQuerySchema, foodSearchQuerySchema, type FoodSummary, quickAddFoodSchema } from './foods/food';
import { SERVICE_NAMES, type ServiceHealth, type ServiceName } from './health/health';
import type { Page } from './http/page';
import { idempotencyKeySchema } from './idempotency';
import { recordId } from './ids';
import type { CorrelationEntry, GroupCorrelations, InsightsActivity } from './insights/insights';
import { activityQuerySchema, correlationQuerySchema } from './insights/insights.schemas';
import type { DashboardStats, Meal } from './meals/meal';
import { addMealFoodSchema, createMealSchema, mealListQuerySchema, repeatMealSchema, updateMealFoodSchema, updateMealSchema } from './meals/meal.schemas';
import type { Symptom } from './symptoms/symptom';
import { logSymptomSchema, symptomListQuerySchema, updateSymptomSchema } from './symptoms/symptom.schemas';
import type { EducationItem } from './education/education';
import type { Advertiser, AdminUser, AdvertiserStats, EmailStats } from './admin/admin';
import { adminUserIdSchema, adminUserInputSchema, advertiserIdSchema, advertiserInputSchema } from './admin/admin.schemas';
import { CORRELATION_PERIODS } from './insights/insights';
import type { SymptomLinkPreview, SymptomLinkRedeemed, SymptomLinkReply, UnsubscribeReply } from './notifications/notifications';
import { linkTokenQuerySchema, logSymptomLinkSchema } from './notifications/notifications.schemas';
import { JournalMessages } from './journal-messages';
import { Messages } from './messages';
import { type EmailVerifiedReply, type MessageReply, type PasswordResetReply, type ResetLinkReply, Rpc, type SponsoredClickReply, type VerificationLinkReply } from './subjects';
import type { CreateSubscriptionReply, SubscriptionStatus } from './subscription/subscription';
import { type AiSearchResult, aiSearchSchema, backgroundSearchSchema } from './foods/ai-search';
import { text } from './text';
import { HOST_MAX_LENGTH, TIME_ZONE_MAX_LENGTH, URL_MAX_LENGTH } from './text-limits';
import { canonicalTimeZone } from './time/time-zone';


/** Who is asking: the gateway adds this to every request it forwards for a signed-in user. */
export const callerSchema = z.object(
  {
    userId: recordId(Messages.unauthorized),
    // Consumers place the caller's records on the caller's own day with it: an unknown zone would poison projections.
    timeZone: text('Time zone', TIME_ZONE_MAX_LENGTH, { required: Messages.invalidTimeZone }).refine((zone) => canonicalTimeZone(zone) !== null, Messages.invalidTimeZone),
  },
  { required_error: Messages.unauthorized, invalid_type_error: Messages.unauthorized },
);
export type Caller = z.infer<typeof callerSchema>;

/** One subject's contract: the schema its request is validated with, and (as a type only) what it answers. */
/** What identity answers an erasure with: what the gateway still clears of the person; nulls when erased already. */
export interface ErasedAccount {
  email: string | null;
  profileImageUrl: string | null;
}

export interface RpcContract<Request extends z.AnyZodObject, Response> {
  request: Request;
  /** Never set: carries the answer's type to the client's and the handler's signatures. */
  response?: Response;
}

const rpc = <Response>() => <Request extends z.AnyZodObject>(request: Request): RpcContract<Request, Response> => ({ request });
const withCaller = <Shape extends z.ZodRawShape>(shape: Shape) => z.object({ caller: callerSchema, ...shape });

type HealthSubject = ReturnType<typeof Rpc.health<ServiceName>>;
const healthChecks = Object.fromEntries(SERVICE_NAMES.map((name) => [Rpc.health(name), rpc<ServiceHealth>()(z.object({}))])) as Record<
  HealthSubject,
  RpcContract<z.ZodObject<Record<string, never>>, ServiceHealth>
>;

/**
 * Every request/reply subject with its request schema and answer type. The gateway's client and every service's
 * handler are typed from it, and each service validates what it receives with the schema named here.
 */
export const RpcContracts = {
  /** host: the host the person signed up on (their emails' branding); absent means the default domain. */
  [Rpc.identity.register]: rpc<User>()(
    z.object({
      input: registerSchema,
      host: text('Host', HOST_MAX_LENGTH).nullish(),
      /** The public origin the confirmation link points at (the gateway's PUBLIC_URL), as resetBaseUrl; absent: no link can be sent. */
      verifyBaseUrl: text('Confirmation link base', URL_MAX_LENGTH).nullish(),
    }),
  ),
  [Rpc.identity.login]: rpc<User>()(z.object({ input: loginSchema })),
  [Rpc.identity.get]: rpc<User>()(withCaller({})),
  [Rpc.identity.updateNotifications]: rpc<User>()(withCaller({ input: notificationPreferencesSchema })),
  [Rpc.identity.updateProfile]: rpc<User>()(withCaller({ input: profileChangeSchema })),
  [Rpc.identity.setPhoto]: rpc<User>()(withCaller({ profileImageUrl: text('Photo address', URL_MAX_LENGTH, { required: Messages.photoMissing }).nullable() })),
  /** resetBaseUrl: the public origin the emailed link points at, e.g. https://fodmapjournal.app */
  [Rpc.identity.forgotPassword]: rpc<MessageReply>()(
    z.object({ input: forgotPasswordSchema, resetBaseUrl: text('Reset link base', URL_MAX_LENGTH, { required: Messages.invalidResetBaseUrl }) }),
  ),
  [Rpc.identity.resetPassword]: rpc<PasswordResetReply>()(z.object({ input: resetPasswordSchema })),
  /** Profile's 'Change password': 403 when the current password is wrong, 400 for a common new one. */
  [Rpc.identity.changePassword]: rpc<MessageReply>()(withCaller({ input: changePasswordSchema })),
  /** From notifications as it sends a reset email: the link travels in no event. 410 once used, expired or superseded. */
  [Rpc.identity.resetLink]: rpc<ResetLinkReply>()(z.object({ resetId: z.string().uuid(Messages.resetExpiredToken) })),
  /** Issue 20: opens the confirmation link's token; 400 when invalid, expired or used. */
  [Rpc.identity.verifyEmail]: rpc<EmailVerifiedReply>()(z.object({ input: verifyEmailSchema })),
  /** verifyBaseUrl: the public origin the emailed link points at, as resetBaseUrl. 409 when confirmed already. */
  [Rpc.identity.resendVerification]: rpc<MessageReply>()(
    withCaller({ verifyBaseUrl: text('Confirmation link base', URL_MAX_LENGTH, { required: Messages.invalidResetBaseUrl }) }),
  ),
  /** From notifications as it sends a confirmation email. 410 once used, expired or superseded. */
  [Rpc.identity.verificationLink]: rpc<VerificationLinkReply>()(z.object({ verificationId: z.string().uuid(AccountMessages.verifyEmailInvalidToken) })),
  [Rpc.identity.subscriptionStatus]: rpc<SubscriptionStatus>()(withCaller({})),
  /** Creates or reuses the caller's Stripe customer and subscription (issue 11); 503 without STRIPE_SECRET_KEY, 409 when active. */
  [Rpc.identity.createSubscription]: rpc<CreateSubscriptionReply>()(withCaller({})),
  /** Cancels at the period's end: active until subscriptionEndsAt, then expired. 404 with no subscription. */
  [Rpc.identity.cancelSubscription]: rpc<SubscriptionStatus>()(withCaller({})),
  /** A Stripe webhook: the raw body and its Stripe-Signature header, verified by identity; 400 when forged. */
  [Rpc.identity.stripeWebhook]: rpc<{ received: true }>()(z.object({ payload: z.string().max(1_000_000), signature: z.string().max(2_000) })),
  /** host: the host the browser asked for; null or absent gets the default branding. */
  [Rpc.identity.domainConfig]: rpc<DomainConfig>()(z.object({ host: text('Host', HOST_MAX_LENGTH).nullish() })),
  // The admin area: the gateway lets only active admins through (issue 9); the caller is the admin acting.
  [Rpc.identity.listAdminUsers]: rpc<AdminUser[]>()(withCaller({})),
  /** 409 when the email is already an admin user. */
  [Rpc.identity.createAdminUser]: rpc<AdminUser>()(withCaller({ input: adminUserInputSchema })),
  /** 404 for an unknown id; 409 when an admin would deactivate themself or take another's email. */
  [Rpc.identity.updateAdminUser]: rpc<AdminUser>()(withCaller({ adminUserId: adminUserIdSchema, input: adminUserInputSchema })),
  [Rpc.identity.deleteAdminUser]: rpc<MessageReply>()(withCaller({ adminUserId: adminUserIdSchema })),
  /**
   * Erases the caller's account (issue 20): 403 for a wrong password. Asked again once erased, it answers the same with
   * nothing left to name. The answer is what the gateway must still clear: the address's sign-in counters, the photo.
   */
  [Rpc.identity.eraseAccount]: rpc<ErasedAccount>()(withCaller({ input: eraseAccountSchema })),
  /**
   * idempotencyKey: the client's Idempotency-Key; the same key and input create one meal however often sent (422 with
   * other input). With input.foods, the meal and every food in one batch, all or nothing (404 'Food not found' for any).
   */
  [Rpc.journal.createMeal]: rpc<Meal>()(withCaller({ input: createMealSchema, idempotencyKey: idempotencyKeySchema.optional() })),
  /** 404 'Meal not found' for a meal not the caller's, 404 'Food not found' for a food the caller cannot see, 409 once completed or deleted. */
  [Rpc.journal.addMealFood]: rpc<Meal>()(withCaller({ mealId: recordId(JournalMessages.mealIdInvalid), input: addMealFoodSchema, idempotencyKey: idempotencyKeySchema.optional() })),
  /** A correction of time, type, name or notes: 404 for a meal not the caller's, 409 once deleted; allowed once completed. */
  [Rpc.journal.updateMeal]: rpc<Meal>()(withCaller({ mealId: recordId(JournalMessages.mealIdInvalid), input: updateMealSchema })),
  /** A correction of the amount eaten: 404 for a meal or entry not the caller's, 409 once the meal is deleted. */
  [Rpc.journal.updateMealFood]: rpc<Meal>()(
    withCaller({ mealId: recordId(JournalMessages.mealIdInvalid), entryId: recordId(JournalMessages.mealEntryIdInvalid), input: updateMealFoodSchema }),
  ),
  [Rpc.journal.removeMealFood]: rpc<Meal>()(withCaller({ mealId: recordId(JournalMessages.mealIdInvalid), entryId: recordId(JournalMessages.mealEntryIdInvalid) })),
  /** Idempotent: completing a completed meal answers it unchanged. 409 with no food. */
  [Rpc.journal.completeMeal]: rpc<Meal>()(withCaller({ mealId: recordId(JournalMessages.mealIdInvalid) })),
  /** The meal's symptoms are kept, unlinked. */
  [Rpc.journal.deleteMeal]: rpc<MessageReply>()(withCaller({ mealId: recordId(JournalMessages.mealIdInvalid) })),
  /** A new meal with the same name, type, foods and quantities, at input.timestamp (default now); foods as they are now. */
  [Rpc.journal.repeatMeal]: rpc<Meal>()(withCaller({ mealId: recordId(JournalMessages.mealIdInvalid), input: repeatMealSchema, idempotencyKey: idempotencyKeySchema.optional() })),
  /** Newest first; days are the caller's own calendar days, answered whole; without one, a page (input.limit, input.cursor). */
  [Rpc.journal.listMeals]: rpc<Page<Meal>>()(withCaller({ input: mealListQuerySchema })),
  [Rpc.journal.getMeal]: rpc<Meal>()(withCaller({ mealId: recordId(JournalMessages.mealIdInvalid) })),
  /** input.mealId must name a meal of the caller's that is not deleted (else 404 'Meal not found'). */
  [Rpc.journal.logSymptom]: rpc<Symptom>()(withCaller({ input: logSymptomSchema, idempotencyKey: idempotencyKeySchema.optional() })),
  /** 404 for a symptom not the caller's (or deleted), or an input.mealId not one of the caller's meals. */
  [Rpc.journal.updateSymptom]: rpc<Symptom>()(withCaller({ symptomId: recordId(JournalMessages.symptomIdInvalid), input: updateSymptomSchema })),
  /** Newest first: a day whole, or a page of the history (input.limit, input.cursor). */
  [Rpc.journal.listSymptoms]: rpc<Page<Symptom>>()(withCaller({ input: symptomListQuerySchema })),
  [Rpc.journal.deleteSymptom]: rpc<MessageReply>()(withCaller({ symptomId: recordId(JournalMessages.symptomIdInvalid) })),
  [Rpc.journal.dashboardStats]: rpc<DashboardStats>()(withCaller({})),
  [Rpc.journal.education]: rpc<EducationItem[]>()(withCaller({})),
  /** Issue 20 export: the caller's meals oldest first, with their foods as eaten and their symptoms, a page after `after`. */
  [Rpc.journal.exportMeals]: rpc<ExportPage<Meal>>()(withCaller({ after: exportCursorSchema.nullable() })),
  /** Issue 20 export: the caller's symptoms oldest first, a page after `after`. */
  [Rpc.journal.exportSymptoms]: rpc<ExportPage<Symptom>>()(withCaller({ after: exportCursorSchema.nullable() })),
  /** Days are the caller's own calendar days, both ends included; every day of the range, newest first. */
  [Rpc.insights.activity]: rpc<InsightsActivity>()(withCaller({ input: activityQuerySchema })),
  /** Ranked: strongest evidence first (spec §3 Correlation entries, issue 8). */
  [Rpc.insights.correlation]: rpc<CorrelationEntry[]>()(withCaller({ input: correlationQuerySchema })),
  [Rpc.insights.fodmapGroups]: rpc<GroupCorrelations>()(withCaller({ input: correlationQuerySchema })),
  /**
   * From notifications, for a batch of daily summaries: each person's strongest finding over the period (their own
   * days), or null. Only findings the evidence supports (a §9 label) are given.
   */
  [Rpc.insights.topCorrelations]: rpc<Array<{ userId: number; top: CorrelationEntry | null }>>()(
    z.object({
      users: z.array(z.object({ userId: recordId(Messages.unauthorized), timeZone: callerSchema.shape.timeZone })).max(1000),
      period: z.number().refine((days) => (CORRELATION_PERIODS as readonly number[]).includes(days)),
    }),
  ),
  // Emails (issue 9). The test sends go to the caller alone, whatever the browser asked.
  [Rpc.notifications.testDailySummary]: rpc<MessageReply>()(withCaller({})),
  [Rpc.notifications.testMealEmail]: rpc<MessageReply>()(withCaller({})),
  [Rpc.notifications.testSymptomLink]: rpc<SymptomLinkReply>()(withCaller({})),
  /** The token is the authority, for its one action: no caller. 400 forged, 410 expired or used. */
  [Rpc.notifications.previewSymptomLink]: rpc<SymptomLinkPreview>()(linkTokenQuerySchema),
  /** Answers whose journal changed too: the gateway's cached reads of that person go (never sent to the browser). */
  [Rpc.notifications.redeemSymptomLink]: rpc<SymptomLinkRedeemed>()(z.object({ input: logSymptomLinkSchema })),
  /** Turns the token's preference off (identity's updateNotifications); repeatable. 400 for a forged token. */
  [Rpc.notifications.unsubscribe]: rpc<UnsubscribeReply>()(linkTokenQuerySchema),
  /** Counts a click on an advertiser's call-to-action; 404 for an unknown advertiser. */
  /** `count` false: a repeat of a click already counted (the gateway dedupes per client and day); absent means true. */
  [Rpc.notifications.sponsoredClick]: rpc<SponsoredClickReply>()(z.object({ advertiserId: advertiserIdSchema, count: z.boolean().optional() })),
  [Rpc.notifications.listAdvertisers]: rpc<Advertiser[]>()(withCaller({})),
  [Rpc.notifications.createAdvertiser]: rpc<Advertiser>()(withCaller({ input: advertiserInputSchema })),
  [Rpc.notifications.updateAdvertiser]: rpc<Advertiser>()(withCaller({ advertiserId: advertiserIdSchema, input: advertiserInputSchema })),
  /** Its past sends and clicks stay in the statistics. */
  [Rpc.notifications.deleteAdvertiser]: rpc<MessageReply>()(withCaller({ advertiserId: advertiserIdSchema })),
  [Rpc.notifications.emailStats]: rpc<EmailStats>()(withCaller({})),
  [Rpc.notifications.advertiserStats]: rpc<AdvertiserStats[]>()(withCaller({})),
  /** Issue 20 export: the emails sent to the caller, oldest first, a page after `after`. */
  [Rpc.notifications.exportEmails]: rpc<ExportPage<SentEmailRecord>>()(withCaller({ after: exportCursorSchema.nullable() })),
  /** Without input.limit, every food the caller can see (spec §7); with it, that page of the same order. */
  [Rpc.foods.list]: rpc<FoodSummary[]>()(withCaller({ input: foodListQuerySchema.optional() })),
  [Rpc.foods.search]: rpc<Food[]>()(withCaller({ input: foodSearchQuerySchema })),
  [Rpc.foods.get]: rpc<Food>()(withCaller({ id: recordId(Messages.foodIdInvalid) })),
  /** idempotencyKey: as for createMeal, one food per key and input. */
  [Rpc.foods.quickAdd]: rpc<Food>()(withCaller({ input: quickAddFoodSchema, idempotencyKey: idempotencyKeySchema.optional() })),
  [Rpc.foods.catalogue]: rpc<CatalogueInfo>()(withCaller({})),
  /** The current release's full 'What's new in the food data' note; a 404 when the data has none. */
  [Rpc.foods.whatsNew]: rpc<CatalogueReleaseNotes>()(withCaller({})),
  /** Issue 11: the catalogue first, then the label's ingredients, then the model (when OPENAI_API_KEY is set). */
  [Rpc.foods.aiSearch]: rpc<AiSearchResult>()(withCaller({ input: aiSearchSchema })),
  /** Queued durably; the person is emailed when it is done (found or not). */
  [Rpc.foods.aiBackground]: rpc<MessageReply>()(withCaller({ input: backgroundSearchSchema })),
  /** Issue 20 export: the caller's private foods, oldest first, a page after the food id `after`. */
  [Rpc.foods.exportPrivate]: rpc<ExportPage<Food, number>>()(withCaller({ after: z.number().int().positive().nullable() })),
  ...healthChecks,
};

type Contracts = typeof RpcContracts;
export type RpcSubject = keyof Contracts;
/** What a sender passes on `Subject`. */
export type RpcRequest<Subject extends RpcSubject> = z.input<Contracts[Subject]['request']>;
/** What a handler of `Subject` receives once its request passed the schema. */
export type RpcParsed<Subject extends RpcSubject> = z.output<Contracts[Subject]['request']>;
/** What `Subject` answers with. */
export type RpcResponse<Subject extends RpcSubject> = Contracts[Subject] extends RpcContract<z.AnyZodObject, infer Response> ? Response : never;

/** The subjects that act for a signed-in user: their handlers must refuse a request without a valid caller. */
export type CallerSubject = { [Subject in RpcSubject]: RpcRequest<Subject> extends { caller: Caller } ? Subject : never }[RpcSubject];

export const RPC_SUBJECTS = Object.keys(RpcContracts) as RpcSubject[];

export function takesCaller(subject: RpcSubject): subject is CallerSubject {
  return 'caller' in RpcContracts[subject].request.shape;
}
