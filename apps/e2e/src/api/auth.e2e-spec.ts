import { Messages, httpContract } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { ApiSession, expectFailure, expectOk, messageOf, okBody, registerUser, resetTokenSentTo, uniqueEmail } from '../support/api';

describe('registration and sign-in', () => {
  it('creates an account, signs the person in, and never returns the password', async () => {
    const api = new ApiSession();
    const email = uniqueEmail('Mixed.Case');
    const res = await api.call(httpContract.auth.register, { body: {
      email: email.toUpperCase(),
      password: 'longenough1',
      confirmPassword: 'longenough1',
      firstName: 'Maya',
      lastName: 'Patel',
      timeZone: 'America/Chicago',
    } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: email.toLowerCase(), firstName: 'Maya', lastName: 'Patel', timeZone: 'America/Chicago', isAdmin: false });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(res.headers.get('set-cookie')).toMatch(/SameSite=Lax/i);

    const me = await api.call(httpContract.account.user);
    expectOk(me);
    expect(me.body.email).toBe(email.toLowerCase());
    expect(me.body).toMatchObject({ emailNotifications: true, mealNotifications: false });
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const { email } = await registerUser('dup');
    const res = await new ApiSession().call(httpContract.auth.register, { body: {
      email: email.toUpperCase(),
      password: 'longenough1',
      confirmPassword: 'longenough1',
      firstName: 'B',
      lastName: 'C',
    } });
    expectFailure(res, 409);
    expect(res.body.message).toBe(Messages.emailTaken);
  });

  it('applies the spec rules and messages to registration', async () => {
    const api = new ApiSession();
    const base = { email: uniqueEmail('rules'), password: 'longenough1', confirmPassword: 'longenough1', firstName: 'A', lastName: 'B' };
    expect(messageOf(await api.call(httpContract.auth.register, { body: { ...base, firstName: '' } }))).toBe(Messages.registerFieldsRequired);
    expect(messageOf(await api.call(httpContract.auth.register, { body: { ...base, confirmPassword: 'different1' } }))).toBe(Messages.passwordsDontMatch);
    const short = await api.call(httpContract.auth.register, { body: { ...base, password: 'short', confirmPassword: 'short' } });
    expectFailure(short, 400);
    expect(short.body.message).toBe(Messages.passwordTooShort);
  });

  it('answers a wrong password with 401 and the spec message, and rate-limits repeated failures', async () => {
    const { email } = await registerUser('wrongpw');
    const api = new ApiSession();
    const wrong = await api.call(httpContract.auth.login, { body: { email, password: 'not-the-password' } });
    expectFailure(wrong, 401);
    expect(wrong.body.message).toBe('Invalid email or password');
    for (let i = 0; i < 4; i++) await api.call(httpContract.auth.login, { body: { email, password: 'still-wrong' } });
    const limited = await api.call(httpContract.auth.login, { body: { email, password: 'Correct-Horse-9' } });
    expectFailure(limited, 429);
    expect(limited.body.message).toMatch(/try again in \d+ minutes?/);
  });

  it('gives a new session id on sign-in and ends the session on sign-out', async () => {
    const { email, password } = await registerUser('session');
    const api = new ApiSession();
    await api.call(httpContract.platform.domainConfig);
    const before = api.sessionCookie;
    const login = await api.call(httpContract.auth.login, { body: { email: email.toUpperCase(), password } });
    expect(login.status).toBe(200);
    expect(api.sessionCookie).not.toBe(before);
    expect((await api.call(httpContract.account.user)).status).toBe(200);
    const logout = await api.call(httpContract.auth.logout);
    expect(logout.status).toBe(200);
    const after = await api.call(httpContract.account.user);
    expect(after.status).toBe(401);
  });

  it('requires both fields to sign in', async () => {
    const res = await new ApiSession().send(httpContract.auth.login, { body: { email: 'someone@example.com' } });
    expectFailure(res, 400);
    expect(res.body.message).toBe(Messages.loginFieldsRequired);
  });
});

describe('preferences, trial and branding', () => {
  it('saves notification preferences and rejects a bad value', async () => {
    const { api } = await registerUser('prefs');
    const saved = await api.call(httpContract.account.notifications, { body: { mealNotifications: true } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ emailNotifications: true, mealNotifications: true });
    const bad = await api.send(httpContract.account.notifications, { body: { emailNotifications: 'yes' } });
    expect(bad.status).toBe(400);
    expect(okBody(await api.call(httpContract.account.user)).mealNotifications).toBe(true);
  });

  it('starts a 14-day trial at registration', async () => {
    const { api } = await registerUser('trial');
    const res = await api.call(httpContract.subscription.status);
    expectOk(res);
    expect(res.body.status).toBe('trial');
    expect(res.body.daysLeft).toBe(14);
    const endsInDays = (Date.parse(res.body.subscriptionEndsAt) - Date.now()) / 86_400_000;
    expect(endsInDays).toBeGreaterThan(13.9);
    expect(endsInDays).toBeLessThanOrEqual(14);
    expect((await new ApiSession().call(httpContract.subscription.status)).status).toBe(401);
  });

  it('serves the default branding to an unknown host', async () => {
    const res = await new ApiSession().call(httpContract.platform.domainConfig);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ displayName: 'FODMAP Journal', tagline: 'Your smart companion for digestive health' });
  });
});

describe('forgotten password', () => {
  it('gives the same answer whether or not the account exists', async () => {
    const { email } = await registerUser('forgot-same');
    const known = await new ApiSession().call(httpContract.auth.forgotPassword, { body: { email } });
    const unknown = await new ApiSession().call(httpContract.auth.forgotPassword, { body: { email: uniqueEmail('nobody') } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe(Messages.forgotPasswordSent);
  });

  it('emails a single-use link that sets a new password', async () => {
    const { email } = await registerUser('reset');
    await new ApiSession().call(httpContract.auth.forgotPassword, { body: { email } });
    const token = await resetTokenSentTo(email);

    const api = new ApiSession();
    expect((await api.call(httpContract.auth.resetPassword, { body: { token, newPassword: 'short' } })).body.message).toBe(Messages.resetTooShort);
    expect((await api.call(httpContract.auth.resetPassword, { body: { token, newPassword: 'alllowercase1!' } })).body.message).toBe(Messages.resetNeedsUppercase);
    expect((await api.call(httpContract.auth.resetPassword, { body: { token, newPassword: 'NoDigitsHere!' } })).body.message).toBe(Messages.resetNeedsDigit);
    expect((await api.call(httpContract.auth.resetPassword, { body: { token: '', newPassword: 'Val1d-Pass!' } })).body.message).toBe(Messages.resetInvalidToken);

    const reset = await api.call(httpContract.auth.resetPassword, { body: { token, newPassword: 'N3w-Passw0rd!' } });
    expect(reset.status).toBe(200);
    expect((await api.call(httpContract.auth.login, { body: { email, password: 'N3w-Passw0rd!' } })).status).toBe(200);
    const again = await api.call(httpContract.auth.resetPassword, { body: { token, newPassword: 'An0ther-Pass!' } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(Messages.resetExpiredToken);
  });
});
