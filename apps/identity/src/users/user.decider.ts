import { AccountMessages, domainEvents, IDENTITY, IdentityEvent, Messages, notificationDefaults, OnboardingState, ProfileChange, Rpc, RpcParsed, UserRegisteredV2 } from '@fodmap/contracts';
import { Decider, newEvent, NewEvent, rpcFailure } from '@fodmap/server';
import { UserEntity } from './user.entity';

const identityEvents = domainEvents[IDENTITY];

/** Each user's facts form one stream, begun by UserRegistered. */
export function userStream(userId: number): string {
  return `user-${userId}`;
}

/** What a person's settings are decided on: their row's address, choices and answers (stream `user-<id>`); null: no such user. */
export type UserSettings = Pick<
  UserEntity,
  'id' | 'email' | 'firstName' | 'host' | 'emailVerifiedAt' | 'emailNotifications' | 'mealNotifications' | 'condition' | 'dietPhase' | 'timeZone' | 'onboarding'
> | null;

export type UserCommand =
  /** Decided on the user's new, empty stream: the row is written with the event. */
  | { type: 'Register'; user: UserRegisteredV2; verificationId: string }
  /** A new confirmation email (issue 20); 409 once the address is proven. */
  | { type: 'RequestVerification'; verificationId: string }
  /** The address is proven (its link opened, or a password reset completed): nothing to record when it was already. */
  | { type: 'Verify'; verifiedAt: Date }
  | { type: 'ChangePreferences'; preferences: RpcParsed<typeof Rpc.identity.updateNotifications>['input'] }
  | { type: 'ChangeProfile'; change: ProfileChange };

type UserEvent = Extract<
  IdentityEvent,
  { type: 'UserRegistered' | 'NotificationPreferencesChanged' | 'UserProfileChanged' | 'EmailVerificationRequested' | 'EmailVerified' }
>;

/**
 * Each change appends the settings as they then stand: the email choices with spec §3's defaults applied; the answers,
 * where once answered or skipped the first-run question stays so (a later 'skipped' never hides answers given).
 */
function decide(command: UserCommand, state: UserSettings): Array<NewEvent<UserEvent>> {
  if (command.type === 'Register') {
    if (state !== null) throw new Error(`user-${command.user.userId} registered already`);
    const { userId, email, firstName, host } = command.user;
    return [
      newEvent(identityEvents, 'UserRegistered', command.user),
      newEvent(identityEvents, 'EmailVerificationRequested', { verificationId: command.verificationId, userId, email, firstName, host }),
    ];
  }
  // A session whose account is gone: signed out, as for any request without a user.
  if (state === null) throw rpcFailure(401, Messages.unauthorized);
  const userId = state.id;
  if (command.type === 'RequestVerification') {
    if (state.emailVerifiedAt !== null) throw rpcFailure(409, AccountMessages.verifyEmailAlready);
    const { email, firstName, host } = state;
    return [newEvent(identityEvents, 'EmailVerificationRequested', { verificationId: command.verificationId, userId, email, firstName, host })];
  }
  if (command.type === 'Verify') {
    if (state.emailVerifiedAt !== null) return [];
    return [newEvent(identityEvents, 'EmailVerified', { userId, verifiedAt: command.verifiedAt.toISOString() })];
  }
  if (command.type === 'ChangePreferences') {
    const { preferences } = command;
    const choices = {
      emailNotifications: preferences.emailNotifications ?? state.emailNotifications,
      mealNotifications: preferences.mealNotifications ?? state.mealNotifications,
    };
    return [newEvent(identityEvents, 'NotificationPreferencesChanged', { userId, ...notificationDefaults(choices) })];
  }
  const { change } = command;
  const onboarding: OnboardingState = state.onboarding === 'pending' ? (change.onboarding ?? 'pending') : state.onboarding;
  return [
    newEvent(identityEvents, 'UserProfileChanged', {
      userId,
      condition: change.condition ?? state.condition,
      dietPhase: change.dietPhase ?? state.dietPhase,
      timeZone: change.timeZone ?? state.timeZone,
      onboarding,
    }),
  ];
}

function evolve(state: UserSettings, event: IdentityEvent): UserSettings {
  if (event.type === 'UserRegistered') {
    const { userId, email, firstName, host, timeZone } = event.data;
    return { id: userId, email, firstName, host, emailVerifiedAt: null, emailNotifications: null, mealNotifications: null, condition: null, dietPhase: null, timeZone, onboarding: 'pending' };
  }
  if (state === null) return state;
  switch (event.type) {
    case 'NotificationPreferencesChanged': {
      const { emailNotifications, mealNotifications } = event.data;
      return { ...state, emailNotifications, mealNotifications };
    }
    case 'UserProfileChanged': {
      const { condition, dietPhase, timeZone, onboarding } = event.data;
      return { ...state, condition, dietPhase, timeZone, onboarding };
    }
    case 'EmailVerified':
      return { ...state, emailVerifiedAt: new Date(event.data.verifiedAt) };
    default:
      return state;
  }
}

/** Registration is decided on the empty stream; later changes on the user's row (`CommandHandler.handleStateStored`). */
export const userDecider: Decider<UserSettings, UserCommand, IdentityEvent> = { initialState: () => null, decide, evolve };
