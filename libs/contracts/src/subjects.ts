/** Request/reply subjects (`service.noun.verb`), before the run's NATS prefix is added. */
export const Rpc = {
  health: (service: string) => `${service}.health.check`,
  identity: {
    register: 'identity.user.register',
    login: 'identity.user.login',
    get: 'identity.user.get',
    updateNotifications: 'identity.user.update-notifications',
    setPhoto: 'identity.photo.set',
    getPhoto: 'identity.photo.get',
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
} as const;

/** Who is asking: the gateway adds this to every request it forwards for a signed-in user. */
export interface Caller {
  userId: number;
  timeZone: string;
}
