import { advertiserIdSchema } from '../admin/admin.schemas';
import type { SymptomLinkLogged, SymptomLinkPreview, SymptomLinkReply, UnsubscribeReply } from '../notifications/notifications';
import { linkTokenQuerySchema, logSymptomLinkSchema } from '../notifications/notifications.schemas';
import type { MessageReply } from '../subjects';
import { ok, redirect, route, routes } from './route';
import { z } from 'zod';

/**
 * Issue 9's email routes, all answered with `Cache-Control: no-store`. The three test sends act for the signed-in
 * person only and share 5 per person per 10 minutes (then 429). The link routes need no sign-in: the signed token is
 * the authority for its one action, and the answers never tell whether an account or an address exists.
 */
export const emailRoutes = routes({
  testDailySummary: route({
    method: 'POST',
    path: '/api/test-daily-email-affiliate',
    access: 'signedIn',
    response: ok<MessageReply>(),
    errors: [403, 429],
    summary: "Today's summary so far, to the signed-in person (no body)",
    description: '403 until the person has confirmed their email address.',
  }),
  testMealEmail: route({
    method: 'POST',
    path: '/api/send-test-meal-email',
    access: 'signedIn',
    // What the web sends (spec §7), declared so that its client may send it; any of it, or none, is accepted.
    body: z.object({ email: z.string(), userId: z.number() }).partial().optional(),
    response: ok<MessageReply>(),
    errors: [403, 404, 429],
    summary: "A meal email of the person's newest meal, to the signed-in person whatever the body names",
    description: 'The web sends {email, userId} (spec §7); neither is read. 403 until the person has confirmed their email address.',
  }),
  testSymptomLink: route({
    method: 'POST',
    path: '/api/test-symptom-link',
    access: 'signedIn',
    response: ok<SymptomLinkReply>(),
    errors: [429],
    summary: "`{ url }`: a 'bloating, severity 2' link for Profile's third test button",
  }),
  previewSymptomLink: route({
    method: 'GET',
    path: '/api/log-symptom',
    access: 'emailLink',
    query: linkTokenQuerySchema,
    response: ok<SymptomLinkPreview>(),
    errors: [409, 410, 429],
    summary: 'What a one-tap symptom link will log, before the tap',
    description: '`symptomType`, `severity`, `mealName`, `expiresAt`. 400 forged, 410 expired, 409 used; 60 per client address per 10 minutes.',
  }),
  redeemSymptomLink: route({
    method: 'POST',
    path: '/api/log-symptom',
    access: 'emailLink',
    body: logSymptomLinkSchema,
    response: ok<SymptomLinkLogged>({ status: 201 }),
    errors: [402, 409, 410, 429],
    summary: "Log the link's one symptom, once",
    description:
      '`severity` 1–3 as the link writes it, or its name; the same answers for a bad link, 400 when symptom or severity are not the token\'s; 402 (the link stays unused) when the person\'s trial or subscription has ended.',
    example: { token: '<token from the email>', symptom: 'bloating', severity: 2 },
  }),
  unsubscribe: route({
    method: 'POST',
    path: '/api/unsubscribe',
    access: 'emailLink',
    query: linkTokenQuerySchema.partial(),
    body: linkTokenQuerySchema,
    response: ok<UnsubscribeReply>(),
    errors: [410],
    summary: 'Turn off the email preference the token names; repeatable',
    description:
      "Two callers: the web's /unsubscribe page POSTs JSON {token}; a mail provider's one-click (RFC 8058) POSTs `?token=` with the form body `List-Unsubscribe=One-Click`. Accepted cross-origin.",
  }),
  sponsoredClick: route({
    method: 'GET',
    path: '/api/sponsored/:advertiserId',
    access: 'visitor',
    params: { advertiserId: advertiserIdSchema },
    response: redirect(),
    errors: [404, 429],
    summary: "A sponsored call-to-action: the click is counted, then 302 to the advertiser's link",
    description: 'Counted once per client address, advertiser and day however often it is followed; more than 30 a minute from one address is a 429 with Retry-After.',
  }),
});
