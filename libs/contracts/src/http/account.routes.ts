import type { AccountExport } from '../account/account-export';
import { accountExportQuerySchema, changePasswordSchema, eraseAccountSchema, notificationPreferencesSchema } from '../auth/auth.schemas';
import { profileChangeSchema } from '../auth/profile';
import type { User } from '../auth/user';
import type { MessageReply } from '../subjects';
import { file, ok, route, routes } from './route';
import { z } from 'zod';

/**
 * The signed-in person's own account: there is no user id in a path or body, so no one reaches another's.
 */
export const accountRoutes = routes({
  user: route({
    method: 'GET',
    path: '/api/auth/user',
    access: 'signedIn',
    response: ok<User>(),
    errors: [],
    summary: 'The signed-in person',
    description:
      "Spec §3's fields, `timeZone`, `condition` and `dietPhase` (null until answered) and `onboarding` (`pending`, `answered` or `skipped`). Answered from identity's last answer for up to 2 s.",
  }),
  notifications: route({
    method: 'PATCH',
    path: '/api/auth/user/notifications',
    access: 'signedIn',
    body: notificationPreferencesSchema,
    response: ok<User>(),
    errors: [],
    summary: 'Turn the daily summary or meal emails on or off',
    example: { emailNotifications: true, mealNotifications: false },
  }),
  profile: route({
    method: 'PATCH',
    path: '/api/auth/user/profile',
    access: 'signedIn',
    body: profileChangeSchema,
    response: ok<User>(),
    errors: [],
    summary: "Answer or correct 'About you': condition, diet phase, time zone, onboarding",
    description:
      '`condition`: `ibs`, `crohns`, `ulcerative_colitis`, `not_sure`; `dietPhase`: `starting`, `elimination`, `reintroduction`, `personalised`; `timeZone`: an IANA zone, stored canonically; `onboarding`: `answered` or `skipped`, recorded once. A bad value or an unknown field is a 400 that names it. A corrected zone is every session\'s from the next request on.',
    example: { condition: 'ibs', dietPhase: 'elimination', timeZone: 'Europe/London', onboarding: 'answered' },
  }),
  uploadPhoto: route({
    method: 'POST',
    path: '/api/auth/user/photo',
    access: 'signedIn',
    upload: 'photo',
    response: ok<User & { message: string }>({ status: 201 }),
    errors: [400, 413],
    summary: 'Upload a profile photo (multipart field `photo`: JPEG, PNG, GIF or WebP, at most 5 MB)',
  }),
  photo: route({
    method: 'GET',
    path: '/api/photos/:name',
    access: 'signedIn',
    params: { name: z.string() },
    response: file('image/*'),
    errors: [404],
    summary: "The signed-in person's own profile photo, by its random name (privately cached for a year; another person's is a 404)",
  }),
  changePassword: route({
    method: 'POST',
    path: '/api/auth/user/password',
    access: 'signedIn',
    body: changePasswordSchema,
    response: ok<MessageReply>(),
    errors: [403, 429],
    summary: 'Change the password',
    description:
      "The new password follows the reset rules (spec §5) and is not a common one. Ends every other session of the account; this one stays signed in. 403 when the current password is wrong; 429 with Retry-After after too many wrong ones.",
    example: { currentPassword: 'Correct-Horse-9', newPassword: 'Battery-Staple-7!', confirmPassword: 'Battery-Staple-7!' },
  }),
  export: route({
    method: 'GET',
    path: '/api/account/export',
    access: 'signedIn',
    query: accountExportQuerySchema,
    response: file<AccountExport>('application/json', 'application/zip'),
    errors: [429],
    summary: 'Everything the product holds about the caller',
    description:
      'JSON (the default): profile, preferences, subscription, meals with their foods as eaten, symptoms, private foods and the emails sent. `?format=csv`: a zip (application/zip) of meals.csv, meal-foods.csv and symptoms.csv for a spreadsheet. Sent as a download (`Content-Disposition: attachment`); 429 after a few exports an hour.',
  }),
  erase: route({
    method: 'DELETE',
    path: '/api/account',
    access: 'signedIn',
    body: eraseAccountSchema,
    response: ok<MessageReply>(),
    errors: [403, 429],
    summary: 'Delete the account and everything in it',
    description:
      'Proven by the password (403 when wrong). Ends every session and erases the person from every service: their account, journal, insights, emails, private foods, photo and events. Cannot be undone; asking again answers the same.',
    example: { password: 'Correct-Horse-9' },
  }),
});
