import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema, verifyEmailSchema } from '../auth/auth.schemas';
import type { User } from '../auth/user';
import type { MessageReply } from '../subjects';
import { ok, redirect, route, routes } from './route';

/** Sign-up, sign-in and password resets (spec §7; limits in the security policy). */
/** Sign-up and sign-in live under it: the path of the known-device cookie, sent with those requests only. */
export const AUTH_API_PREFIX = '/api/auth';

export const authRoutes = routes({
  register: route({
    method: 'POST',
    path: '/api/auth/local/register',
    access: 'visitor',
    body: registerSchema,
    response: ok<User>({ status: 201 }),
    errors: [409, 429],
    summary: 'Create an account and sign in',
    description:
      'Starts the 14-day trial and the session, and emails a link that confirms the address (the account is `emailVerified: false` until it is opened); the host signed up on brands the emails. 400 for a common password; 409 for an email already taken; 429 with Retry-After when too many accounts are created from the client address or in all.',
    example: { email: 'alex@example.com', password: 'Correct-Horse-9', confirmPassword: 'Correct-Horse-9', firstName: 'Alex', lastName: 'Tester', timeZone: 'Europe/London' },
  }),
  login: route({
    method: 'POST',
    path: '/api/auth/local/login',
    access: 'visitor',
    body: loginSchema,
    response: ok<User>(),
    errors: [401, 429],
    summary: 'Sign in with email and password',
    description: 'Starts the session. 401 for a wrong email or password; 429 with Retry-After after too many failed attempts for the email or the client.',
    example: { email: 'alex@example.com', password: 'Correct-Horse-9' },
  }),
  logout: route({
    method: 'POST',
    path: '/api/auth/local/logout',
    access: 'visitor',
    response: ok<MessageReply>(),
    errors: [],
    summary: 'Sign out',
    description: 'Ends the session and clears its cookie; harmless without one.',
  }),
  logoutAll: route({
    method: 'POST',
    path: '/api/auth/logout-all',
    access: 'signedIn',
    response: ok<MessageReply>(),
    errors: [],
    summary: 'Sign out everywhere',
    description: "Ends every session of the account, this one included, on every device.",
  }),
  verifyEmail: route({
    method: 'POST',
    path: '/api/auth/verify-email',
    access: 'emailLink',
    body: verifyEmailSchema,
    response: ok<MessageReply>(),
    errors: [],
    summary: 'Confirm the email address with the token of the emailed link',
    description:
      'The link (`PUBLIC_URL/verify-email?token=…`) is signed, single use and valid for 24 hours. 400 for an invalid, expired or used token. Confirming binds an admin entry of that address to the account.',
  }),
  resendVerification: route({
    method: 'POST',
    path: '/api/auth/verify-email/resend',
    access: 'signedIn',
    response: ok<MessageReply>(),
    errors: [409, 429],
    summary: 'Email a new confirmation link',
    description: '409 when the address is confirmed already; 429 with Retry-After after 3 an hour.',
  }),
  signInPage: route({
    method: 'GET',
    path: '/api/login',
    access: 'visitor',
    response: redirect(),
    errors: [],
    summary: "Where the web app sends a person whose session ended (spec §8): 302 to the app's /login",
  }),
  forgotPassword: route({
    method: 'POST',
    path: '/api/forgot-password',
    access: 'visitor',
    body: forgotPasswordSchema,
    response: ok<MessageReply>(),
    errors: [429],
    summary: 'Email a password reset link',
    description: 'The same answer whether or not the account exists; 3 per email and 20 per client address an hour, then 429.',
    example: { email: 'alex@example.com' },
  }),
  resetPassword: route({
    method: 'POST',
    path: '/api/reset-password',
    access: 'visitor',
    body: resetPasswordSchema,
    response: ok<MessageReply>(),
    errors: [],
    summary: 'Set a new password with the emailed token',
    description:
      'A new password ends every other session of the account, and confirms its address (the link reached it). 400 for an invalid or expired token or a common password.',
  }),
});
