import type { ServiceName } from './health/health';

/** Request/reply subjects (`service.noun.verb`), before the run's NATS prefix is added. */
export const Rpc = {
  health: <Name extends ServiceName>(service: Name): `${Name}.health.check` => `${service}.health.check`,
  identity: {
    register: 'identity.user.register',
    login: 'identity.user.login',
    get: 'identity.user.get',
    updateNotifications: 'identity.user.update-notifications',
    updateProfile: 'identity.user.update-profile',
    setPhoto: 'identity.photo.set',
    forgotPassword: 'identity.password.forgot',
    resetPassword: 'identity.password.reset',
    resetLink: 'identity.password.reset-link',
    changePassword: 'identity.password.change',
    verifyEmail: 'identity.user.verify-email',
    resendVerification: 'identity.user.resend-verification',
    verificationLink: 'identity.user.verification-link',
    subscriptionStatus: 'identity.subscription.status',
    createSubscription: 'identity.subscription.create',
    cancelSubscription: 'identity.subscription.cancel',
    stripeWebhook: 'identity.subscription.webhook',
    domainConfig: 'identity.domain-config.get',
    listAdminUsers: 'identity.admin-user.list',
    createAdminUser: 'identity.admin-user.create',
    updateAdminUser: 'identity.admin-user.update',
    deleteAdminUser: 'identity.admin-user.delete',
    eraseAccount: 'identity.account.erase',
  },
  journal: {
    createMeal: 'journal.meal.create',
    updateMeal: 'journal.meal.update',
    addMealFood: 'journal.meal.add-food',
    updateMealFood: 'journal.meal.update-food',
    removeMealFood: 'journal.meal.remove-food',
    completeMeal: 'journal.meal.complete',
    deleteMeal: 'journal.meal.delete',
    repeatMeal: 'journal.meal.repeat',
    listMeals: 'journal.meal.list',
    getMeal: 'journal.meal.get',
    logSymptom: 'journal.symptom.log',
    updateSymptom: 'journal.symptom.update',
    listSymptoms: 'journal.symptom.list',
    deleteSymptom: 'journal.symptom.delete',
    dashboardStats: 'journal.dashboard.stats',
    education: 'journal.education.list',
    exportMeals: 'journal.export.meals',
    exportSymptoms: 'journal.export.symptoms',
  },
  insights: {
    activity: 'insights.activity.get',
    correlation: 'insights.correlation.list',
    fodmapGroups: 'insights.fodmap-groups.get',
    topCorrelations: 'insights.correlation.top',
  },
  notifications: {
    testDailySummary: 'notifications.test.daily-summary',
    testMealEmail: 'notifications.test.meal-email',
    testSymptomLink: 'notifications.test.symptom-link',
    previewSymptomLink: 'notifications.symptom-link.preview',
    redeemSymptomLink: 'notifications.symptom-link.redeem',
    unsubscribe: 'notifications.preference.unsubscribe',
    sponsoredClick: 'notifications.sponsored.click',
    listAdvertisers: 'notifications.advertiser.list',
    createAdvertiser: 'notifications.advertiser.create',
    updateAdvertiser: 'notifications.advertiser.update',
    deleteAdvertiser: 'notifications.advertiser.delete',
    emailStats: 'notifications.stats.email',
    advertiserStats: 'notifications.stats.advertisers',
    exportEmails: 'notifications.export.emails',
  },
  foods: {
    list: 'foods.food.list',
    search: 'foods.food.search',
    get: 'foods.food.get',
    quickAdd: 'foods.food.quick-add',
    catalogue: 'foods.catalogue.get',
    whatsNew: 'foods.catalogue.whats-new',
    aiSearch: 'foods.ai.search',
    aiBackground: 'foods.ai.background',
    exportPrivate: 'foods.export.private',
  },
} as const;

/** Where a sponsored call-to-action leads, once its click is counted. */
export interface SponsoredClickReply {
  url: string;
}

/** What the password subjects answer with. */
export interface MessageReply {
  message: string;
}

/** What identity answers notifications with when it sends a reset email. */
export interface ResetLinkReply {
  resetUrl: string;
}

/** What identity answers notifications with when it sends a confirmation email. */
export interface VerificationLinkReply {
  verifyUrl: string;
}

/** A confirmed address names its user, so the gateway can drop the account it cached (emailVerified, isAdmin). */
export interface EmailVerifiedReply extends MessageReply {
  userId: number;
}

/** A successful password reset also names the user, so the gateway can end that user's other sessions. */
export interface PasswordResetReply extends MessageReply {
  userId: number;
}
