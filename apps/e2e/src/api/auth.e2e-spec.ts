import { Messages } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { ApiSession, registerUser, uniqueEmail, waitForEmail } from '../support/api';

describe('registration and sign-in', () => {
  it('creates an account, signs the person in, and never returns the password', async () => {
    const api = new ApiSession();
    const email = uniqueEmail('Mixed.Case');
    const res = await api.post('/api/auth/local/register', {
      email: email.toUpperCase(),
      password: 'longenough1',
      confirmPassword: 'longenough1',
      firstName: 'Maya',
      lastName: 'Patel',
      timeZone: 'America/Chicago',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: email.toLowerCase(), firstName: 'Maya', lastName: 'Patel', timeZone: 'America/Chicago', isAdmin: false });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(res.headers.get('set-cookie')).toMatch(/SameSite=Lax/i);

    const me = await api.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email.toLowerCase());
    expect(me.body).toMatchObject({ emailNotifications: true, mealNotifications: false });
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const { email } = await registerUser('dup');
    const res = await new ApiSession().post('/api/auth/local/register', {
      email: email.toUpperCase(),
      password: 'longenough1',
      confirmPassword: 'longenough1',
      firstName: 'B',
      lastName: 'C',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(Messages.emailTaken);
  });

  it('applies the spec rules and messages to registration', async () => {
    const api = new ApiSession();
    const base = { email: uniqueEmail('rules'), password: 'longenough1', confirmPassword: 'longenough1', firstName: 'A', lastName: 'B' };
    expect((await api.post('/api/auth/local/register', { ...base, firstName: '' })).body.message).toBe(Messages.registerFieldsRequired);
    expect((await api.post('/api/auth/local/register', { ...base, confirmPassword: 'different1' })).body.message).toBe(Messages.passwordsDontMatch);
    const short = await api.post('/api/auth/local/register', { ...base, password: 'short', confirmPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(Messages.passwordTooShort);
  });

  it('answers a wrong password with 401 and the spec message, and rate-limits repeated failures', async () => {
    const { email } = await registerUser('wrongpw');
    const api = new ApiSession();
    const wrong = await api.post('/api/auth/local/login', { email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid email or password');
    for (let i = 0; i < 4; i++) await api.post('/api/auth/local/login', { email, password: 'still-wrong' });
    const limited = await api.post('/api/auth/local/login', { email, password: 'Correct-Horse-9' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/try again in \d+ minutes?/);
  });

  it('gives a new session id on sign-in and ends the session on sign-out', async () => {
    const { email, password } = await registerUser('session');
    const api = new ApiSession();
    await api.get('/api/domain-config');
    const before = api.sessionCookie;
    const login = await api.post('/api/auth/local/login', { email: email.toUpperCase(), password });
    expect(login.status).toBe(200);
    expect(api.sessionCookie).not.toBe(before);
    expect((await api.get('/api/auth/user')).status).toBe(200);
    const logout = await api.post('/api/auth/local/logout');
    expect(logout.status).toBe(200);
    const after = await api.get('/api/auth/user');
    expect(after.status).toBe(401);
  });

  it('requires both fields to sign in', async () => {
    const res = await new ApiSession().post('/api/auth/local/login', { email: 'someone@example.com' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(Messages.loginFieldsRequired);
  });
});

describe('preferences, trial and branding', () => {
  it('saves notification preferences and rejects a bad value', async () => {
    const { api } = await registerUser('prefs');
    const saved = await api.patch('/api/auth/user/notifications', { mealNotifications: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ emailNotifications: true, mealNotifications: true });
    const bad = await api.patch('/api/auth/user/notifications', { emailNotifications: 'yes' });
    expect(bad.status).toBe(400);
    expect((await api.get('/api/auth/user')).body.mealNotifications).toBe(true);
  });

  it('starts a 14-day trial at registration', async () => {
    const { api } = await registerUser('trial');
    const res = await api.get('/api/subscription-status');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('trial');
    expect(res.body.daysLeft).toBe(14);
    const endsInDays = (Date.parse(res.body.subscriptionEndsAt) - Date.now()) / 86_400_000;
    expect(endsInDays).toBeGreaterThan(13.9);
    expect(endsInDays).toBeLessThanOrEqual(14);
    expect((await new ApiSession().get('/api/subscription-status')).status).toBe(401);
  });

  it('serves the default branding to an unknown host', async () => {
    const res = await new ApiSession().get('/api/domain-config');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ displayName: 'FODMAP Journal', tagline: 'Your smart companion for digestive health' });
  });
});

describe('forgotten password', () => {
  it('gives the same answer whether or not the account exists', async () => {
    const { email } = await registerUser('forgot-same');
    const known = await new ApiSession().post('/api/forgot-password', { email });
    const unknown = await new ApiSession().post('/api/forgot-password', { email: uniqueEmail('nobody') });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe(Messages.forgotPasswordSent);
  });

  it('emails a single-use link that sets a new password', async () => {
    const { email } = await registerUser('reset');
    await new ApiSession().post('/api/forgot-password', { email });
    const mail = await waitForEmail(email);
    const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
    expect(link).toBeDefined();
    const token = new URL(link as string).searchParams.get('token');

    const api = new ApiSession();
    expect((await api.post('/api/reset-password', { token, newPassword: 'short' })).body.message).toBe(Messages.resetTooShort);
    expect((await api.post('/api/reset-password', { token, newPassword: 'alllowercase1!' })).body.message).toBe(Messages.resetNeedsUppercase);
    expect((await api.post('/api/reset-password', { token, newPassword: 'NoDigitsHere!' })).body.message).toBe(Messages.resetNeedsDigit);
    expect((await api.post('/api/reset-password', { token: '', newPassword: 'Val1d-Pass!' })).body.message).toBe(Messages.resetInvalidToken);

    const reset = await api.post('/api/reset-password', { token, newPassword: 'N3w-Passw0rd!' });
    expect(reset.status).toBe(200);
    expect((await api.post('/api/auth/local/login', { email, password: 'N3w-Passw0rd!' })).status).toBe(200);
    const again = await api.post('/api/reset-password', { token, newPassword: 'An0ther-Pass!' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(Messages.resetExpiredToken);
  });
});
