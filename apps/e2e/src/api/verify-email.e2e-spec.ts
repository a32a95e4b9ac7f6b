import { AccountMessages, httpContract, Messages } from '@fodmap/contracts';
import { eventually } from '@fodmap/testing';
import { describe, expect, it } from '@jest/globals';
import {
  ApiSession,
  catalogueFood,
  confirmEmail,
  emailsTo,
  expectFailure,
  expectOk,
  okBody,
  registerAdmin,
  registerUser,
  resetTokenSentTo,
  verificationTokenSentTo,
} from '../support/api';

/** Issue 20 §1: an address is proven by the link emailed to it before anything is trusted to it. */
describe('a proven address', () => {
  it('signs a person up unconfirmed and emails them a link that confirms the address once', async () => {
    const { api, email, user } = await registerUser('verify-once', 'Vera', 'Europe/London', undefined, { verified: false });
    expect(user.emailVerified).toBe(false);
    const token = await verificationTokenSentTo(email);
    const [mail] = await emailsTo(email);
    expect(mail.subject).toMatch(/^Confirm your email/);

    // The link works without a session: it is opened from the mail app.
    expect(await new ApiSession().call(httpContract.auth.verifyEmail, { body: { token } })).toMatchObject({ status: 200, body: { message: AccountMessages.verifyEmailSuccess } });
    expect(okBody(await api.call(httpContract.account.user)).emailVerified).toBe(true);
    const again = await api.call(httpContract.auth.verifyEmail, { body: { token } });
    expectFailure(again, 400);
    expect(again.body.message).toBe(AccountMessages.verifyEmailInvalidToken);
    const resend = await api.call(httpContract.auth.resendVerification);
    expect(resend).toMatchObject({ status: 409, body: { message: AccountMessages.verifyEmailAlready } });
  });

  it('refuses a made-up token with the invalid-link message', async () => {
    const res = await new ApiSession().call(httpContract.auth.verifyEmail, { body: { token: 'not-a-real-token' } });
    expect(res).toMatchObject({ status: 400, body: { message: AccountMessages.verifyEmailInvalidToken } });
  });

  it('sends 3 new links an hour, each superseding the last, then answers 429 with Retry-After', async () => {
    const { api, email } = await registerUser('verify-resend', 'Rae', 'Europe/London', undefined, { verified: false });
    const first = await verificationTokenSentTo(email);
    for (let i = 0; i < 3; i++) expect(await api.call(httpContract.auth.resendVerification)).toMatchObject({ status: 200, body: { message: AccountMessages.verifyEmailSent } });
    const refused = await api.call(httpContract.auth.resendVerification);
    expectFailure(refused, 429);
    expect(refused.body.message).toMatch(/^Too many confirmation emails\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // The registration's link was superseded by the resends. A superseded request's email is dropped as it is sent, so
    // the last resend's email is the one that surely arrives, and its link confirms.
    expect((await api.call(httpContract.auth.verifyEmail, { body: { token: first } })).status).toBe(400);
    await eventually(async () => expect((await api.call(httpContract.auth.verifyEmail, { body: { token: await verificationTokenSentTo(email) } })).status).toBe(200));
    expect(okBody(await api.call(httpContract.account.user)).emailVerified).toBe(true);
  });

  it('gives an invited admin no admin rights until they open the link, then all of them', async () => {
    const { api, email } = await registerAdmin('verify-admin', { verified: false });
    expect(okBody(await api.call(httpContract.account.user))).toMatchObject({ isAdmin: false, emailVerified: false });
    expect(await api.call(httpContract.admin.adminUsers)).toMatchObject({ status: 403, body: { message: Messages.adminOnly } });

    await confirmEmail(api, email);
    expect(okBody(await api.call(httpContract.account.user))).toMatchObject({ isAdmin: true, emailVerified: true });
    expect((await api.call(httpContract.admin.adminUsers)).status).toBe(200);
  });

  it('sends an unconfirmed person no meal email and no test email, only the confirmation email', async () => {
    const { api, email } = await registerUser('verify-quiet', 'Quinn', 'Europe/London', undefined, { verified: false });
    await verificationTokenSentTo(email);
    expect(okBody(await api.call(httpContract.account.notifications, { body: { mealNotifications: true } })).mealNotifications).toBe(true);
    // The journal still works during the trial.
    const meal = await api.call(httpContract.meals.create, { body: { mealType: 'lunch', name: 'Unconfirmed lunch', timestamp: new Date().toISOString() } });
    expectOk(meal);
    const egg = await catalogueFood(api, 'Egg, hard-boiled');
    expect((await api.call(httpContract.meals.addFood, { params: { id: meal.body.id }, body: { foodId: egg.id, quantity: 2, servingUnit: 'serving' } })).status).toBe(201);
    expect((await api.call(httpContract.meals.complete, { params: { id: meal.body.id } })).status).toBe(200);
    for (const route of [httpContract.emails.testDailySummary, httpContract.emails.testMealEmail]) {
      // The gateway asks identity and refuses at once: notifications never waits for a proof that is not coming.
      const asked = Date.now();
      expect(await api.call(route)).toMatchObject({ status: 403, body: { message: AccountMessages.verifyEmailFirst } });
      expect(Date.now() - asked).toBeLessThan(1_000);
    }

    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await emailsTo(email)).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Confirm your email/)]);
  });

  it('takes a completed password reset as proof of the address', async () => {
    const { email, user } = await registerUser('verify-reset', 'Rita', 'Europe/London', undefined, { verified: false });
    expect(user.emailVerified).toBe(false);
    expect((await new ApiSession().call(httpContract.auth.forgotPassword, { body: { email } })).status).toBe(200);
    const token = await resetTokenSentTo(email);
    const newPassword = 'Another-Horse-7!';
    expect((await new ApiSession().call(httpContract.auth.resetPassword, { body: { token, newPassword, confirmPassword: newPassword } })).status).toBe(200);

    const api = new ApiSession();
    expect(okBody(await api.call(httpContract.auth.login, { body: { email, password: newPassword } })).emailVerified).toBe(true);
  });
});
