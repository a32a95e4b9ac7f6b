import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from '../auth/auth.schemas';
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
    errors: [409],
    summary: 'Create an account and sign in',
    description: 'Starts the 14-day trial and the session; the host signed up on brands the emails. 409 for an email already taken.',
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
    description: 'A new password ends every other session of the account. 400 for an invalid or expired token.',
  }),
});
