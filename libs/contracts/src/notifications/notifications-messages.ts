import { SYMPTOM_LINK_LIFETIME_HOURS } from './notifications';

/** The email-related strings (spec §2, §8; issue 9), apart from `Messages`: only their screens download them. */
export const NotificationsMessages = {
  emailNotificationsTitle: 'Email Notifications',
  dailySummaryToggle: 'Daily summary email',
  /** The zone the summary is scheduled in: the person's own (the recipients projection's, from identity). */
  dailySummaryHint: (timeZone: string) => `Each morning at 8:00 (${timeZone} time), a summary of the previous day when you logged anything.`,
  mealEmailsToggle: 'Meal emails',
  mealEmailsHint: 'When you complete a meal, an email with one-tap symptom links.',
  sendTestDaily: 'Send Test Daily Email',
  sendTestMeal: 'Send Test Meal Email',
  openTestLink: 'Open Symptom Link',
  testEmailSent: 'Test email sent',
  testEmailSentTo: (email: string) => `Check ${email} in a moment.`,
  testMealEmailSent: 'Test meal email sent',
  testEmailFailed: 'Failed to send test email',
  testMealEmailFailed: 'Failed to send test meal email',
  testLinkFailed: 'Failed to create the symptom link',
  logSymptomTitle: 'Log Symptom',
  logSymptomAsk: 'Log this symptom?',
  logSymptomAfterMeal: (meal: string) => `After ${meal}`,
  logSymptomButton: 'Log Symptom',
  symptomLogged: 'Symptom logged successfully',
  linkMissing: 'This link is incomplete. Please open it again from your email.',
  linkInvalid: 'This link is not valid. Please open it again from your email, or sign in to log your symptom.',
  linkExpired: `This link has expired: links work for ${SYMPTOM_LINK_LIFETIME_HOURS} hours. Please sign in to log your symptom.`,
  linkUsed: 'This symptom was already logged from this link.',
  linkMismatch: 'The symptom or severity does not match this link.',
  linkSignIn: 'Sign In',
  goToDiary: 'Open Diary',
  unsubscribeTitle: 'Email preferences',
  unsubscribed: {
    emailNotifications: "You won't receive daily summary emails any more.",
    mealNotifications: "You won't receive meal emails any more.",
  },
  unsubscribeHint: 'You can turn them back on under Profile, Email Notifications.',
  unsubscribeInvalid: 'This unsubscribe link is not valid. Sign in and turn emails off under Profile.',
  severityInvalid: 'severity must be 1, 2 or 3 (mild, moderate, severe)',
  tokenRequired: 'token is required',
  tooManyLinkRequests: (seconds: number) =>
    `Too many requests from this network. Please try again in ${Math.max(1, Math.ceil(seconds / 60))} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}.`,
  tooManyTestEmails: (seconds: number) =>
    `Too many test emails. Please try again in ${Math.max(1, Math.ceil(seconds / 60))} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}.`,
} as const;
