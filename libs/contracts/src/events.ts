import { z } from 'zod';
import { DEFAULT_HOST } from './config/domain-config';
import { CONDITIONS, DIET_PHASES, ONBOARDING_STATES } from './auth/profile';
import { personal, personalFieldPaths } from './personal-data';

/**
 * Domain events: past-tense facts, never changed once published; a new shape is a new schemaVersion.
 * JetStream subject: `<prefix>.events.<producing service>.<type>.<owner>` (owner `u<userId>` or `_`).
 *
 * `domainEvents` is the one map type -> version -> zod schema. Producers write the current version; consumers
 * read any version the map knows, upcast step by step to the current one, and refuse (dead-letter) the rest.
 * A field that carries a person's data (what they wrote, who they are, their health) is wrapped in `personal()`.
 */

const instant = z.string().datetime({ offset: true });

export const mealCreatedV1 = z.object({
  mealId: z.number().int(),
  userId: z.number().int(),
  name: personal(z.string()),
  mealType: z.string(),
  timestamp: instant,
  /** The user's IANA time zone when the meal was logged, so consumers can place it on the user's own day. */
  timeZone: z.string(),
  notes: personal(z.string().nullable()),
});
export type MealCreatedV1 = z.infer<typeof mealCreatedV1>;

const component = z.number().nullable();

/** What a person ate, as the food was then (`FoodSnapshot`): history is never rewritten by a catalogue correction. */
export const foodSnapshotV1 = z.object({
  id: z.number().int(),
  name: z.string(),
  fodmapRating: z.enum(['low', 'medium', 'high', 'unknown']),
  servingSize: z.string().nullable(),
  servingGrams: z.number().nullable(),
  caloriesPerServing: z.number().nullable(),
  foodType: z.enum(['vegetable', 'fruit', 'grain', 'protein', 'dairy', 'other']),
  oligoGroup: z.enum(['grain_legume_nut', 'other']),
  ibsTriggerType: z.string().nullable(),
  fructans: component,
  galactans: component,
  excessFructose: component,
  sorbitol: component,
  mannitol: component,
  xylitol: component,
  lactose: component,
  /** issue 10's portion guide: the largest amount shown low and the smallest shown high (absent before it) */
  lowUpToGrams: z.number().positive().nullable().optional(),
  highFromGrams: z.number().positive().nullable().optional(),
  /** a mixed food whose FODMAPs depend on its recipe: 'check the label' rather than plain 'unknown' */
  checkLabel: z.boolean().optional(),
  /** the FODMAP groups behind a medium or high rating (absent before issue 10) */
  fodmapGroups: z.array(z.enum(['fructans', 'galactans', 'excessFructose', 'sorbitol', 'mannitol', 'xylitol', 'lactose'])).optional(),
});

/** A food was added to a meal (stream `meal-<mealId>`); entryId names this entry, grams the amount when known. */
export const mealFoodAddedV1 = z.object({
  mealId: z.number().int(),
  userId: z.number().int(),
  entryId: z.number().int(),
  quantity: z.number(),
  servingUnit: z.string(),
  grams: z.number().nullable(),
  food: foodSnapshotV1,
});
export type MealFoodAddedV1 = z.infer<typeof mealFoodAddedV1>;

export const mealFoodRemovedV1 = z.object({ mealId: z.number().int(), userId: z.number().int(), entryId: z.number().int() });
export type MealFoodRemovedV1 = z.infer<typeof mealFoodRemovedV1>;

/** The meal is eaten: its foods no longer change. */
export const mealCompletedV1 = z.object({ mealId: z.number().int(), userId: z.number().int(), completedAt: instant });
export type MealCompletedV1 = z.infer<typeof mealCompletedV1>;

/** The meal is gone from the journal; symptoms that named it keep their own events and are read as unlinked. */
export const mealDeletedV1 = z.object({ mealId: z.number().int(), userId: z.number().int(), deletedAt: instant });
export type MealDeletedV1 = z.infer<typeof mealDeletedV1>;

/**
 * A meal was corrected (issue 18): when it was eaten, its type, name or notes, as they now stand (the whole set, so a
 * consumer's row is replaced, never patched). A meal moved in time is a fact of its own: the MealCreated stays.
 * timeZone is the person's when they corrected it; `changed` names the fields this correction changed.
 */
export const mealChangedV1 = mealCreatedV1.extend({
  changed: z.array(z.enum(['name', 'mealType', 'timestamp', 'notes'])).min(1),
  changedAt: instant,
});
export type MealChangedV1 = z.infer<typeof mealChangedV1>;

/**
 * The amount eaten of a meal's food was corrected (issue 18): the entry as it now stands, with the food as it was when
 * first added (the snapshot never changes), so a consumer replaces its row and rates it again at the new amount.
 */
export const mealFoodChangedV1 = mealFoodAddedV1.extend({ changedAt: instant });
export type MealFoodChangedV1 = z.infer<typeof mealFoodChangedV1>;

/** A symptom (stream `symptom-<symptomId>`); timestamp is when it began, timeZone the user's when logged. */
export const symptomLoggedV1 = z.object({
  symptomId: z.number().int(),
  userId: z.number().int(),
  symptomType: z.enum(['bloating', 'pain', 'gas', 'diarrhea', 'constipation', 'nausea', 'headache', 'fatigue', 'mood']),
  severity: z.enum(['none', 'mild', 'moderate', 'severe']),
  notes: personal(z.string().nullable()),
  mealId: z.number().int().nullable(),
  timestamp: instant,
  timeZone: z.string(),
});
export type SymptomLoggedV1 = z.infer<typeof symptomLoggedV1>;

/**
 * A symptom was corrected (issue 18): its type, severity, notes, linked meal or time, as they now stand (the whole set).
 * timeZone is the person's when they corrected it; `changed` names the fields this correction changed.
 */
export const symptomChangedV1 = symptomLoggedV1.extend({
  changed: z.array(z.enum(['symptomType', 'severity', 'notes', 'mealId', 'timestamp'])).min(1),
  changedAt: instant,
});
export type SymptomChangedV1 = z.infer<typeof symptomChangedV1>;

export const symptomDeletedV1 = z.object({ symptomId: z.number().int(), userId: z.number().int(), deletedAt: instant });
export type SymptomDeletedV1 = z.infer<typeof symptomDeletedV1>;

/** Version 1 carried the reset link itself: a secret in the event log. It is still readable, upcast without it. */
export const passwordResetRequestedV1 = z.object({
  userId: z.number().int(),
  email: personal(z.string()),
  firstName: personal(z.string()),
  resetUrl: z.string(),
  expiresAt: instant,
});
export type PasswordResetRequestedV1 = z.infer<typeof passwordResetRequestedV1>;

/**
 * Someone asked for a reset link (stream `password-reset-<resetId>`). It names the reset and its expiry, never the
 * token or the link: whoever sends the email asks identity for the link (`identity.password.reset-link`).
 */
export const passwordResetRequestedV2 = z.object({
  resetId: z.string().uuid(),
  userId: z.number().int(),
  email: personal(z.string()),
  firstName: personal(z.string()),
  expiresAt: instant,
});
export type PasswordResetRequestedV2 = z.infer<typeof passwordResetRequestedV2>;

export const userRegisteredV1 = z.object({
  userId: z.number().int(),
  email: personal(z.string()),
  firstName: personal(z.string()),
  lastName: personal(z.string()),
  timeZone: z.string(),
});
export type UserRegisteredV1 = z.infer<typeof userRegisteredV1>;

/** Version 2 adds the host the person signed up on: their emails carry that domain's branding. */
export const userRegisteredV2 = userRegisteredV1.extend({ host: z.string() });
export type UserRegisteredV2 = z.infer<typeof userRegisteredV2>;

/** The person's email choices as they now stand (spec §3 defaults applied): stream `user-<userId>`. */
export const notificationPreferencesChangedV1 = z.object({
  userId: z.number().int(),
  emailNotifications: z.boolean(),
  mealNotifications: z.boolean(),
});
export type NotificationPreferencesChangedV1 = z.infer<typeof notificationPreferencesChangedV1>;

/**
 * The person's answers as they now stand (stream `user-<userId>`): condition, diet phase, the zone their days and
 * daily summary are in, and whether the first-run question was answered or skipped.
 */
export const userProfileChangedV1 = z.object({
  userId: z.number().int(),
  condition: personal(z.enum(CONDITIONS).nullable()),
  dietPhase: personal(z.enum(DIET_PHASES).nullable()),
  timeZone: z.string(),
  onboarding: z.enum(ONBOARDING_STATES),
});
export type UserProfileChangedV1 = z.infer<typeof userProfileChangedV1>;

/** A person created a private food (stream `food-<foodId>`); only its creator can see or log it. */
export const foodCreatedV1 = z.object({
  foodId: z.number().int(),
  userId: z.number().int(),
  /** A private food is named and described in the person's own words. */
  name: personal(z.string()),
  description: personal(z.string().nullable()),
  servingSize: z.string().nullable(),
  /** 'unknown': a researched food whose rating could not be established (issue 11); quick-add never sends it. */
  fodmapRating: z.enum(['low', 'medium', 'high', 'unknown']),
  foodType: z.string(),
  createdAt: instant,
  /** Issue 11: what a food research established besides the name (AI-researched or rated from a label); absent for a quick-add. */
  research: z
    .object({
      source: z.enum(['ai', 'ingredients']),
      /** g per 100 g as published; null when not published */
      components: z.object({
        fructans: z.number().nullable(),
        galactans: z.number().nullable(),
        excessFructose: z.number().nullable(),
        sorbitol: z.number().nullable(),
        mannitol: z.number().nullable(),
        xylitol: z.number().nullable(),
        lactose: z.number().nullable(),
      }),
      canTriggerIbs: z.boolean(),
      ibsTriggerType: z.string().nullable(),
      ibdTrigger: z.boolean(),
      confidenceScore: z.number().int().nullable(),
      needsVerification: z.boolean(),
      citations: z.array(z.object({ id: z.string(), title: z.string(), url: z.string().nullable() })),
    })
    .optional(),
});
export type FoodCreatedV1 = z.infer<typeof foodCreatedV1>;

/** A person asked for a background food search (stream `food-research-<researchId>`, foods); worked off durably. */
export const foodResearchRequestedV1 = z.object({ researchId: z.string().uuid(), userId: z.number().int(), query: personal(z.string()), timeZone: z.string() });
export type FoodResearchRequestedV1 = z.infer<typeof foodResearchRequestedV1>;

/** A background food search ended: the food it established (a private food of the person), or none. */
export const foodResearchCompletedV1 = z.object({
  researchId: z.string().uuid(),
  userId: z.number().int(),
  query: personal(z.string()),
  status: z.enum(['found', 'placeholder_created', 'failed']),
  foodId: z.number().int().nullable(),
  /** named after the person's query */
  foodName: personal(z.string().nullable()),
});
export type FoodResearchCompletedV1 = z.infer<typeof foodResearchCompletedV1>;

/** Identity's record of the person's subscription as Stripe reports it (stream `user-<userId>`), one per webhook event. */
export const subscriptionChangedV1 = z.object({
  userId: z.number().int(),
  stripeEventId: z.string(),
  status: z.enum(['active', 'past_due', 'canceled', 'expired']),
  currentPeriodEnd: instant,
});
export type SubscriptionChangedV1 = z.infer<typeof subscriptionChangedV1>;

/**
 * An entry of the admin users list as it now stands (stream `admin-user-<adminUserId>`): added by an admin, or changed
 * (its address, name or whether it is active). Entries ADMIN_EMAILS adds at start-up are rows only, without this event.
 */
export const adminUserChangedV1 = z.object({
  adminUserId: z.number().int(),
  email: personal(z.string()),
  firstName: personal(z.string()),
  lastName: personal(z.string()),
  isActive: z.boolean(),
});
export type AdminUserChangedV1 = z.infer<typeof adminUserChangedV1>;

/** The entry is gone from the admin users list. */
export const adminUserRemovedV1 = z.object({ adminUserId: z.number().int() });
export type AdminUserRemovedV1 = z.infer<typeof adminUserRemovedV1>;

/**
 * A confirmation email is due (stream `user-<userId>`: at registration and on each resend). It names the request, never
 * its token or link: the sender asks identity for the link as it sends (`identity.user.verification-link`).
 */
export const emailVerificationRequestedV1 = z.object({
  verificationId: z.string().uuid(),
  userId: z.number().int(),
  email: personal(z.string()),
  firstName: personal(z.string()),
  host: z.string(),
});
export type EmailVerificationRequestedV1 = z.infer<typeof emailVerificationRequestedV1>;

/** The person opened the link of their confirmation email (stream `user-<userId>`): the address is theirs. */
export const emailVerifiedV1 = z.object({ userId: z.number().int(), verifiedAt: instant });
export type EmailVerifiedV1 = z.infer<typeof emailVerifiedV1>;

/**
 * The person deleted their account (stream `account-erasure-<erasedUserId>`, one event: a second erasure finds it and
 * does nothing). Every service erases what it holds of them on it. The field is not `userId` on purpose: an event's
 * subject and the events-table purge address the person named by `userId`, and this one announcement must outlive them.
 */
export const accountErasedV1 = z.object({ erasedUserId: z.number().int(), erasedAt: instant });
export type AccountErasedV1 = z.infer<typeof accountErasedV1>;

/** What an upcaster may know besides the old data: the event's stream. */
export interface UpcastContext {
  streamId: string;
}

/** The versions of one event type, the current one, and how each older version becomes the next. */
export interface EventDefinition<V extends Record<number, z.ZodTypeAny> = Record<number, z.ZodTypeAny>, C extends keyof V & number = keyof V & number> {
  current: C;
  versions: V;
  /** By the version it reads: returns the data of the next version, which is then validated by that version's schema. */
  upcasters?: { [N in keyof V]?: (data: z.infer<V[N] & z.ZodTypeAny>, context: UpcastContext) => unknown };
}

export type EventDefinitions = Record<string, EventDefinition>;

/** Keeps the literal current version of a definition, so that its data type can be read off the map. */
export function eventDefinition<V extends Record<number, z.ZodTypeAny>, C extends keyof V & number>(definition: EventDefinition<V, C>): EventDefinition<V, C> {
  return definition;
}

/** The personal fields of an event type's version (its current one unless said): what an export or erasure must reach. */
export function personalFieldsOf(definition: EventDefinition, version: number = definition.current): string[] {
  const schema = definition.versions[version];
  if (!schema) throw new Error(`Version ${version} is not one of this event's (current: ${definition.current})`);
  return personalFieldPaths(schema);
}

/** The data of an event type's current version: what producers write and handlers receive. */
export type CurrentEventData<D extends EventDefinitions, T extends keyof D> = D[T] extends EventDefinition<infer V, infer C> ? z.infer<V[C]> : never;

/** The services that produce events: the source consumers know each one's events by (`<prefix>.events.<source>.<type>.<owner>`). */
export const JOURNAL = 'journal';
export const IDENTITY = 'identity';
export const FOODS = 'foods';

/** The events of each producing service, by type. A projection reads a source's events only through that source's map. */
export const domainEvents = {
  [JOURNAL]: {
    MealCreated: eventDefinition({ current: 1, versions: { 1: mealCreatedV1 } }),
    MealFoodAdded: eventDefinition({ current: 1, versions: { 1: mealFoodAddedV1 } }),
    MealFoodRemoved: eventDefinition({ current: 1, versions: { 1: mealFoodRemovedV1 } }),
    MealCompleted: eventDefinition({ current: 1, versions: { 1: mealCompletedV1 } }),
    MealDeleted: eventDefinition({ current: 1, versions: { 1: mealDeletedV1 } }),
    MealChanged: eventDefinition({ current: 1, versions: { 1: mealChangedV1 } }),
    MealFoodChanged: eventDefinition({ current: 1, versions: { 1: mealFoodChangedV1 } }),
    SymptomLogged: eventDefinition({ current: 1, versions: { 1: symptomLoggedV1 } }),
    SymptomChanged: eventDefinition({ current: 1, versions: { 1: symptomChangedV1 } }),
    SymptomDeleted: eventDefinition({ current: 1, versions: { 1: symptomDeletedV1 } }),
  },
  [IDENTITY]: {
    PasswordResetRequested: eventDefinition({
      current: 2,
      versions: { 1: passwordResetRequestedV1, 2: passwordResetRequestedV2 },
      upcasters: {
        // The reset's id names its stream; the link is dropped, so version 1 events are read without their secret.
        1: ({ userId, email, firstName, expiresAt }, { streamId }) => ({ resetId: streamId.replace(/^password-reset-/, ''), userId, email, firstName, expiresAt }),
      },
    }),
    UserRegistered: eventDefinition({
      current: 2,
      versions: { 1: userRegisteredV1, 2: userRegisteredV2 },
      // Before version 2 every account was on the default domain.
      upcasters: { 1: (data) => ({ ...data, host: DEFAULT_HOST }) },
    }),
    NotificationPreferencesChanged: eventDefinition({ current: 1, versions: { 1: notificationPreferencesChangedV1 } }),
    UserProfileChanged: eventDefinition({ current: 1, versions: { 1: userProfileChangedV1 } }),
    SubscriptionChanged: eventDefinition({ current: 1, versions: { 1: subscriptionChangedV1 } }),
    AdminUserChanged: eventDefinition({ current: 1, versions: { 1: adminUserChangedV1 } }),
    AdminUserRemoved: eventDefinition({ current: 1, versions: { 1: adminUserRemovedV1 } }),
    EmailVerificationRequested: eventDefinition({ current: 1, versions: { 1: emailVerificationRequestedV1 } }),
    EmailVerified: eventDefinition({ current: 1, versions: { 1: emailVerifiedV1 } }),
    AccountErased: eventDefinition({ current: 1, versions: { 1: accountErasedV1 } }),
  },
  [FOODS]: {
    FoodCreated: eventDefinition({ current: 1, versions: { 1: foodCreatedV1 } }),
    FoodResearchRequested: eventDefinition({ current: 1, versions: { 1: foodResearchRequestedV1 } }),
    FoodResearchCompleted: eventDefinition({ current: 1, versions: { 1: foodResearchCompletedV1 } }),
  },
};
export type DomainEvents = typeof domainEvents;
export type EventSource = keyof DomainEvents;

/** One event of a map: its type and that type's current data, discriminated on `type`. */
export type EventOf<D extends EventDefinitions> = string extends keyof D
  ? { type: string; data: unknown }
  : { [T in keyof D & string]: { type: T; data: CurrentEventData<D, T> } }[keyof D & string];

/** The events a service produces: what its aggregates decide and fold, and what its event store appends. */
export type SourceEvent<S extends EventSource> = EventOf<DomainEvents[S]>;
export type JournalEvent = SourceEvent<typeof JOURNAL>;
export type IdentityEvent = SourceEvent<typeof IDENTITY>;
export type FoodsEvent = SourceEvent<typeof FOODS>;

export type DomainEventType = { [S in EventSource]: keyof DomainEvents[S] & string }[EventSource];

/** The event map of a producing service, or none for a service that produces no events. */
export function eventsOfSource(source: string): EventDefinitions {
  const sources: Record<string, EventDefinitions> = domainEvents;
  return Object.hasOwn(sources, source) ? sources[source] : {};
}

/** Every event type by name, for tests and tools that write a type without its source's map at hand. */
export const EventTypes: { [T in DomainEventType]: T } = {
  MealCreated: 'MealCreated',
  MealFoodAdded: 'MealFoodAdded',
  MealFoodRemoved: 'MealFoodRemoved',
  MealCompleted: 'MealCompleted',
  MealDeleted: 'MealDeleted',
  MealChanged: 'MealChanged',
  MealFoodChanged: 'MealFoodChanged',
  SymptomLogged: 'SymptomLogged',
  SymptomChanged: 'SymptomChanged',
  SymptomDeleted: 'SymptomDeleted',
  PasswordResetRequested: 'PasswordResetRequested',
  UserRegistered: 'UserRegistered',
  NotificationPreferencesChanged: 'NotificationPreferencesChanged',
  UserProfileChanged: 'UserProfileChanged',
  FoodCreated: 'FoodCreated',
  FoodResearchRequested: 'FoodResearchRequested',
  FoodResearchCompleted: 'FoodResearchCompleted',
  SubscriptionChanged: 'SubscriptionChanged',
  AdminUserChanged: 'AdminUserChanged',
  AdminUserRemoved: 'AdminUserRemoved',
  EmailVerificationRequested: 'EmailVerificationRequested',
  EmailVerified: 'EmailVerified',
  AccountErased: 'AccountErased',
};
