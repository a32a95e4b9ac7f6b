import { AccountMessages, httpContract, Messages } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { ApiSession, expectFailure, expectOk, messageOf, registerUser, resetTokenSentTo, uniqueEmail } from '../support/api';

/** Issue 20: common passwords, changing the password, signing out everywhere and what browsers may keep. */
describe('passwords and sessions', () => {
  const newPassword = 'Battery-Staple-7!';

  it('refuses a password from the common list at registration, reset and change, whatever its case', async () => {
    const visitor = new ApiSession();
    const email = uniqueEmail('common');
    const register = await visitor.call(httpContract.auth.register, { body: { email, password: 'PassWord123', firstName: 'Cam', lastName: 'Tester' } });
    expectFailure(register, 400);
    expect(register.body.message).toBe(AccountMessages.commonPassword);

    const { api, email: registered, password } = await registerUser('common');
    expectOk(await visitor.call(httpContract.auth.forgotPassword, { body: { email: registered } }));
    const token = await resetTokenSentTo(registered);
    // P@ssw0rd passes every reset rule (length, cases, digit, special) and is still one of the most used passwords.
    expect(messageOf(await visitor.call(httpContract.auth.resetPassword, { body: { token, newPassword: 'P@ssw0rd' } }))).toBe(AccountMessages.commonPassword);
    const change = await api.call(httpContract.account.changePassword, { body: { currentPassword: password, newPassword: 'pA$$W0RD', confirmPassword: 'pA$$W0RD' } });
    expectFailure(change, 400);
    expect(change.body.message).toBe(AccountMessages.commonPassword);

    // The link still works for an uncommon password.
    expectOk(await visitor.call(httpContract.auth.resetPassword, { body: { token, newPassword } }));
  });

  it('changes the password: the current one proves it, the reset rules apply, other sessions end and this one stays', async () => {
    const { api, email, password } = await registerUser('change');
    const laptop = new ApiSession();
    expectOk(await laptop.call(httpContract.auth.login, { body: { email, password } }));

    const wrong = await api.call(httpContract.account.changePassword, { body: { currentPassword: 'Not-The-One-1', newPassword } });
    expectFailure(wrong, 403);
    expect(wrong.body.message).toBe(AccountMessages.currentPasswordWrong);
    expect(messageOf(await api.call(httpContract.account.changePassword, { body: { currentPassword: password, newPassword: 'nocapitals1!' } }))).toBe(Messages.resetNeedsUppercase);
    expect(messageOf(await api.call(httpContract.account.changePassword, { body: { currentPassword: password, newPassword, confirmPassword: 'Other-Pass-1!' } }))).toBe(
      Messages.resetPasswordsDontMatch,
    );

    const changed = await api.call(httpContract.account.changePassword, { body: { currentPassword: password, newPassword, confirmPassword: newPassword } });
    expectOk(changed);
    expect(changed.body.message).toBe(AccountMessages.passwordChanged);
    expect((await api.call(httpContract.account.user)).status).toBe(200);
    expect((await laptop.call(httpContract.account.user)).status).toBe(401);

    expect((await new ApiSession().call(httpContract.auth.login, { body: { email, password } })).status).toBe(401);
    expect((await new ApiSession().call(httpContract.auth.login, { body: { email, password: newPassword } })).status).toBe(200);
  });

  it('counts a wrong current password as a failed sign-in: after five, 429 with Retry-After, for sign-in too', async () => {
    const { api, email, password } = await registerUser('guess');
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await api.call(httpContract.account.changePassword, { body: { currentPassword: `Guess-${attempt}-x`, newPassword } })).status).toBe(403);
    }
    const throttled = await api.call(httpContract.account.changePassword, { body: { currentPassword: password, newPassword } });
    expectFailure(throttled, 429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same browser signing in is the same counter: the change form is no way around the sign-in limit.
    expect((await api.call(httpContract.auth.login, { body: { email, password } })).status).toBe(429);
  });

  it('signs out everywhere: every session ends, this one included, and its cookie is cleared', async () => {
    const { api, email, password } = await registerUser('everywhere');
    const phone = new ApiSession();
    expectOk(await phone.call(httpContract.auth.login, { body: { email, password } }));

    const out = await api.call(httpContract.auth.logoutAll);
    expectOk(out);
    expect(out.body.message).toBe(AccountMessages.signedOutEverywhere);
    expect(out.headers.getSetCookie().some((cookie) => /^fodmap\.sid=;.*Expires=Thu, 01 Jan 1970/i.test(cookie))).toBe(true);
    expect((await api.call(httpContract.account.user)).status).toBe(401);
    expect((await phone.call(httpContract.account.user)).status).toBe(401);
    expect((await phone.call(httpContract.meals.list)).status).toBe(401);
    // Signing in again works.
    expect((await new ApiSession().call(httpContract.auth.login, { body: { email, password } })).status).toBe(200);
  });

  it('tells browsers and proxies to keep no personal answer (Cache-Control: no-store), refusals included, but leaves shared ones as they were', async () => {
    const { api } = await registerUser('nostore');
    const personal = [
      await api.call(httpContract.account.user),
      await api.call(httpContract.meals.list),
      await api.call(httpContract.symptoms.list),
      await api.call(httpContract.dashboard.stats),
      await api.call(httpContract.insights.activity, { query: { period: 7 } }),
      await api.call(httpContract.foods.list),
      await api.call(httpContract.subscription.status),
    ];
    for (const answer of personal) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    // Refusals too: a personal route's 404 and 401, an admin route's 403, an emailed link's 400.
    const refused = [
      [await api.call(httpContract.meals.get, { params: { id: 2_000_000_000 } }), 404],
      [await new ApiSession().call(httpContract.meals.list), 401],
      [await api.call(httpContract.admin.adminUsers), 403],
      [await new ApiSession().call(httpContract.auth.verifyEmail, { body: { token: 'not-a-token' } }), 400],
    ] as const;
    for (const [answer, status] of refused) {
      expect({ status: answer.status, cacheControl: answer.headers.get('cache-control') }).toEqual({ status, cacheControl: 'no-store' });
    }
    for (const shared of [await api.call(httpContract.foods.catalogue), await api.call(httpContract.dashboard.education)]) {
      expect(shared.status).toBe(200);
      expect(shared.headers.get('cache-control')).toBeNull();
    }
  });
});
