/** Request/reply subjects (`service.noun.verb`), before the run's NATS prefix is added. */
export const Rpc = {
  health: (service: string) => `${service}.health.check`,
  identity: {
    register: 'identity.user.register',
    login: 'identity.user.login',
    get: 'identity.user.get',
    updateNotifications: 'identity.user.update-notifications',
    setPhoto: 'identity.photo.set',
    forgotPassword: 'identity.password.forgot',
    resetPassword: 'identity.password.reset',
    subscriptionStatus: 'identity.subscription.status',
    domainConfig: 'identity.domain-config.get',
  },
  journal: {
    createMeal: 'journal.meal.create',
  },
  insights: {
    dailyMeals: 'insights.daily-meals.get',
  },
  foods: {
    list: 'foods.food.list',
    search: 'foods.food.search',
    get: 'foods.food.get',
    quickAdd: 'foods.food.quick-add',
    catalogue: 'foods.catalogue.get',
  },
} as const;

/** Who is asking: the gateway adds this to every request it forwards for a signed-in user. */
export interface Caller {
  userId: number;
  timeZone: string;
}

// An inline type import keeps this file append-only for the engineers editing it concurrently.
type AuthSchemas = typeof import('./auth/auth.schemas');
type InputOf<Name extends keyof AuthSchemas> = AuthSchemas[Name] extends { _input: infer Input } ? Input : never;

/** Request payloads of the identity subjects; `input` is the browser's body, validated again by identity. */
export interface IdentityRequests {
  register: { input: InputOf<'registerSchema'> };
  login: { input: InputOf<'loginSchema'> };
  get: { userId: number };
  updateNotifications: { caller: Caller; input: InputOf<'notificationPreferencesSchema'> };
  setPhoto: { caller: Caller; profileImageUrl: string | null };
  /** resetBaseUrl: the public origin the emailed link points at, e.g. https://fodmapjournal.app */
  forgotPassword: { input: InputOf<'forgotPasswordSchema'>; resetBaseUrl: string };
  resetPassword: { input: InputOf<'resetPasswordSchema'> };
  subscriptionStatus: { caller: Caller };
  domainConfig: { host: string | null };
}

/** What the password subjects answer with. */
export interface MessageReply {
  message: string;
}

/** A successful password reset also names the user, so the gateway can end that user's other sessions. */
export interface PasswordResetReply extends MessageReply {
  userId: number;
}
