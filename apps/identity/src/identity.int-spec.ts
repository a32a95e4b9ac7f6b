import { DEFAULT_DOMAIN_CONFIG, Messages, ProfileMessages, Rpc } from '@fodmap/contracts';
import { eventStreamName } from '@fodmap/server';
import { eventually, testConfig } from '@fodmap/testing';
import { connect, DeliverPolicy, NatsConnection } from 'nats';
import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { identityUnderTest } from './testing/identity-fixtures';

const identity = identityUnderTest();

/** Every message body of a JetStream stream, read with an ordered consumer from its first sequence. */
async function streamBodies(nats: NatsConnection, stream: string): Promise<string[]> {
  const { state } = await (await nats.jetstreamManager()).streams.info(stream);
  const reader = await nats.jetstream().consumers.get(stream, { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: 1 });
  const bodies: string[] = [];
  while (bodies.length < state.messages) {
    for await (const msg of await reader.fetch({ max_messages: 500, expires: 1_000 })) bodies.push(new TextDecoder().decode(msg.data));
  }
  return bodies;
}

let emailCount = 0;
const newEmail = () => `Person${++emailCount}.${Date.now()}@Example.com`;
const register = (overrides: Record<string, unknown> = {}) =>
  identity.services.call(Rpc.identity.register, {
    input: { email: newEmail(), password: 'correct horse', confirmPassword: 'correct horse', firstName: 'Ann', lastName: 'Lee', ...overrides },
  });

describe('register', () => {
  it('creates the user with a lowercased email, the default notification settings and no password in the reply', async () => {
    const email = newEmail();
    const user = await register({ email, timeZone: 'europe/london' });
    expect(user).toMatchObject({ email: email.toLowerCase(), firstName: 'Ann', lastName: 'Lee', isAdmin: false, emailNotifications: true, mealNotifications: false, timeZone: 'Europe/London', profileImageUrl: null });
    expect(Object.keys(user)).not.toContain('passwordHash');
    const [row] = await identity.sql<{ password_hash: string }>('SELECT password_hash FROM identity.users WHERE id = $1', [user.id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('records UserRegistered v2 with the new user and the sign-up host in the same commit', async () => {
    const user = await identity.services.call(Rpc.identity.register, {
      input: { email: newEmail(), password: 'correct horse', firstName: 'Ann', lastName: 'Lee', timeZone: 'America/New_York' },
      host: 'IBD.Example:8443',
    });
    const events = await identity.sql<{ type: string; schema_version: number; data: object; metadata: { userId: number } }>(
      "SELECT type, schema_version, data, metadata FROM identity.events WHERE stream_id = $1 ORDER BY stream_version",
      [`user-${user.id}`],
    );
    expect(events).toEqual([
      {
        type: 'UserRegistered',
        schema_version: 2,
        data: { userId: user.id, email: user.email, firstName: 'Ann', lastName: 'Lee', timeZone: 'America/New_York', host: 'ibd.example' },
        metadata: expect.objectContaining({ userId: user.id }),
      },
      // Issue 20: the confirmation email of the new address, branded by the same host; no token or link in it.
      {
        type: 'EmailVerificationRequested',
        schema_version: 1,
        data: { verificationId: expect.any(String), userId: user.id, email: user.email, firstName: 'Ann', host: 'ibd.example' },
        metadata: expect.objectContaining({ userId: user.id }),
      },
    ]);
    expect(await identity.sql('SELECT host FROM identity.users WHERE id = $1', [user.id])).toEqual([{ host: 'ibd.example' }]);
  });

  it("stores the 'default' host when the sign-up named none", async () => {
    const user = await register();
    expect(await identity.sql('SELECT host FROM identity.users WHERE id = $1', [user.id])).toEqual([{ host: 'default' }]);
    const [event] = await identity.sql<{ data: { host: string } }>("SELECT data FROM identity.events WHERE stream_id = $1", [`user-${user.id}`]);
    expect(event.data.host).toBe('default');
  });

  it('defaults the time zone to UTC and rejects a zone that does not exist', async () => {
    expect((await register()).timeZone).toBe('UTC');
    const failure = await identity.services.failure(Rpc.identity.register, {
      input: { email: newEmail(), password: 'correct horse', firstName: 'Ann', lastName: 'Lee', timeZone: 'Mars/Olympus' },
    });
    expect(failure).toEqual({ status: 400, message: Messages.invalidTimeZone });
  });

  it('refuses an email that is taken, whatever its case', async () => {
    const email = newEmail();
    await register({ email });
    expect(await identity.services.failure(Rpc.identity.register, { input: { email: email.toUpperCase(), password: 'another pass', firstName: 'B', lastName: 'C' } })).toEqual({
      status: 409,
      message: Messages.emailTaken,
    });
  });

  it('validates the input again with the spec messages', async () => {
    expect(await identity.services.failure(Rpc.identity.register, { input: { email: newEmail(), password: 'short', firstName: 'A', lastName: 'B' } })).toEqual({
      status: 400,
      message: Messages.passwordTooShort,
    });
    expect(await identity.services.failure(Rpc.identity.register, { input: { email: newEmail(), password: 'long enough', firstName: 'A' } })).toEqual({
      status: 400,
      message: Messages.registerFieldsRequired,
    });
  });

  it('starts a 14-day trial', async () => {
    const user = await register();
    const status = await identity.services.call(Rpc.identity.subscriptionStatus, { caller: { userId: user.id, timeZone: 'UTC' } });
    expect(status.status).toBe('trial');
    expect(status.daysLeft).toBe(14);
    expect(Date.parse(status.subscriptionEndsAt) - Date.parse(user.createdAt)).toBe(14 * 24 * 60 * 60 * 1000);
  });
});

describe('login', () => {
  it('answers with the user for the right password, whatever the email case', async () => {
    const email = newEmail();
    const registered = await register({ email });
    expect(await identity.services.call(Rpc.identity.login, { input: { email: email.toUpperCase(), password: 'correct horse' } })).toEqual(registered);
  });

  it('refuses a wrong password and an unknown email with the same 401 message', async () => {
    const email = newEmail();
    await register({ email });
    const invalid = { status: 401, message: Messages.invalidCredentials };
    expect(await identity.services.failure(Rpc.identity.login, { input: { email, password: 'wrong horse' } })).toEqual(invalid);
    expect(await identity.services.failure(Rpc.identity.login, { input: { email: newEmail(), password: 'correct horse' } })).toEqual(invalid);
  });

  it('asks for both fields', async () => {
    expect(await identity.services.failure(Rpc.identity.login, { input: { email: '', password: '' } })).toEqual({ status: 400, message: Messages.loginFieldsRequired });
  });
});

describe('user', () => {
  it('gets a user by id, and 404 for an unknown one', async () => {
    const user = await register();
    expect(await identity.services.call(Rpc.identity.get, { caller: { userId: user.id, timeZone: 'UTC' } })).toEqual(user);
    expect(await identity.services.failure(Rpc.identity.get, { caller: { userId: 999_999, timeZone: 'UTC' } })).toEqual({ status: 404, message: Messages.userNotFound });
  });

  it('updates notification preferences one at a time', async () => {
    const user = await register();
    const caller = { userId: user.id, timeZone: 'UTC' };
    const updated = await identity.services.call(Rpc.identity.updateNotifications, { caller, input: { mealNotifications: true } });
    expect(updated).toMatchObject({ emailNotifications: true, mealNotifications: true });
    const again = await identity.services.call(Rpc.identity.updateNotifications, { caller, input: { emailNotifications: false } });
    expect(again).toMatchObject({ emailNotifications: false, mealNotifications: true });
  });

  it('appends NotificationPreferencesChanged with the values in effect after each change, in the same commit as the row', async () => {
    const user = await register();
    const caller = { userId: user.id, timeZone: 'UTC' };
    await identity.services.call(Rpc.identity.updateNotifications, { caller, input: { mealNotifications: true } });
    await identity.services.call(Rpc.identity.updateNotifications, { caller, input: { emailNotifications: false } });
    const events = await identity.sql<{ type: string; stream_version: number; data: object }>(
      'SELECT type, stream_version, data FROM identity.events WHERE stream_id = $1 ORDER BY stream_version',
      [`user-${user.id}`],
    );
    expect(events.map(({ type, stream_version, data }) => [stream_version, type, data])).toEqual([
      [1, 'UserRegistered', expect.anything()],
      [2, 'EmailVerificationRequested', expect.anything()],
      // The first change names only meal emails: the event still says daily summaries are on (the spec's default).
      [3, 'NotificationPreferencesChanged', { userId: user.id, emailNotifications: true, mealNotifications: true }],
      [4, 'NotificationPreferencesChanged', { userId: user.id, emailNotifications: false, mealNotifications: true }],
    ]);
  });

  it('loses no change when two arrive at once: the last event matches the stored row', async () => {
    const user = await register();
    const caller = { userId: user.id, timeZone: 'UTC' };
    await Promise.all([
      identity.services.call(Rpc.identity.updateNotifications, { caller, input: { emailNotifications: false } }),
      identity.services.call(Rpc.identity.updateNotifications, { caller, input: { mealNotifications: true } }),
      identity.services.call(Rpc.identity.updateNotifications, { caller, input: { emailNotifications: false, mealNotifications: true } }),
    ]);
    const events = await identity.sql<{ data: { emailNotifications: boolean; mealNotifications: boolean } }>(
      "SELECT data FROM identity.events WHERE stream_id = $1 AND type = 'NotificationPreferencesChanged' ORDER BY stream_version",
      [`user-${user.id}`],
    );
    expect(events).toHaveLength(3);
    expect(events.at(-1)?.data).toMatchObject({ emailNotifications: false, mealNotifications: true });
    expect(await identity.services.call(Rpc.identity.get, { caller })).toMatchObject({ emailNotifications: false, mealNotifications: true });
  });

  it("starts with the first-run question pending and nothing answered, in the browser's zone", async () => {
    const user = await register({ timeZone: 'Asia/Tokyo' });
    expect(user).toMatchObject({ condition: null, dietPhase: null, onboarding: 'pending', timeZone: 'Asia/Tokyo' });
  });

  it('stores the answers and the confirmed zone, canonically spelt, and appends UserProfileChanged with all of them in the same commit', async () => {
    const user = await register({ timeZone: 'Europe/London' });
    const caller = { userId: user.id, timeZone: 'Europe/London' };
    const answered = await identity.services.call(Rpc.identity.updateProfile, { caller, input: { condition: 'crohns', dietPhase: 'elimination', timeZone: 'america/chicago', onboarding: 'answered' } });
    expect(answered).toMatchObject({ condition: 'crohns', dietPhase: 'elimination', timeZone: 'America/Chicago', onboarding: 'answered' });
    const later = await identity.services.call(Rpc.identity.updateProfile, { caller, input: { dietPhase: 'reintroduction' } });
    expect(later).toMatchObject({ condition: 'crohns', dietPhase: 'reintroduction', timeZone: 'America/Chicago', onboarding: 'answered' });
    expect(await identity.services.call(Rpc.identity.get, { caller })).toEqual(later);
    expect(await identity.sql('SELECT condition, diet_phase, time_zone, onboarding FROM identity.users WHERE id = $1', [user.id])).toEqual([
      { condition: 'crohns', diet_phase: 'reintroduction', time_zone: 'America/Chicago', onboarding: 'answered' },
    ]);
    const events = await identity.sql<{ type: string; schema_version: number; data: object }>(
      "SELECT type, schema_version, data FROM identity.events WHERE stream_id = $1 AND type = 'UserProfileChanged' ORDER BY stream_version",
      [`user-${user.id}`],
    );
    expect(events).toEqual([
      { type: 'UserProfileChanged', schema_version: 1, data: { userId: user.id, condition: 'crohns', dietPhase: 'elimination', timeZone: 'America/Chicago', onboarding: 'answered' } },
      { type: 'UserProfileChanged', schema_version: 1, data: { userId: user.id, condition: 'crohns', dietPhase: 'reintroduction', timeZone: 'America/Chicago', onboarding: 'answered' } },
    ]);
  });

  it("records 'Not now' once; a skip never hides answers given, and answering later keeps the question asked", async () => {
    const skipper = await register();
    const caller = { userId: skipper.id, timeZone: 'UTC' };
    expect(await identity.services.call(Rpc.identity.updateProfile, { caller, input: { onboarding: 'skipped' } })).toMatchObject({ onboarding: 'skipped', condition: null });
    expect(await identity.services.call(Rpc.identity.updateProfile, { caller, input: { condition: 'ibs', onboarding: 'answered' } })).toMatchObject({ onboarding: 'skipped', condition: 'ibs' });
    const answerer = await register();
    const answererCaller = { userId: answerer.id, timeZone: 'UTC' };
    await identity.services.call(Rpc.identity.updateProfile, { caller: answererCaller, input: { condition: 'not_sure', onboarding: 'answered' } });
    expect(await identity.services.call(Rpc.identity.updateProfile, { caller: answererCaller, input: { onboarding: 'skipped' } })).toMatchObject({ onboarding: 'answered', condition: 'not_sure' });
  });

  it('refuses an unknown condition, diet phase or zone, an empty change and a visitor', async () => {
    const user = await register();
    const caller = { userId: user.id, timeZone: 'UTC' };
    expect(await identity.services.failure(Rpc.identity.updateProfile, { caller, input: { condition: 'flu' } })).toEqual({ status: 400, message: ProfileMessages.invalidCondition });
    expect(await identity.services.failure(Rpc.identity.updateProfile, { caller, input: { dietPhase: 'keto' } })).toEqual({ status: 400, message: ProfileMessages.invalidDietPhase });
    expect(await identity.services.failure(Rpc.identity.updateProfile, { caller, input: { timeZone: 'Mars/Olympus_Mons' } })).toEqual({ status: 400, message: Messages.invalidTimeZone });
    expect(await identity.services.failure(Rpc.identity.updateProfile, { caller, input: {} })).toEqual({ status: 400, message: ProfileMessages.nothingToChange });
    expect(await identity.services.failure(Rpc.identity.updateProfile, { input: { condition: 'ibs' } })).toEqual({ status: 401, message: Messages.unauthorized });
  });

  it('records the profile photo URL', async () => {
    const user = await register();
    const updated = await identity.services.call(Rpc.identity.setPhoto, { caller: { userId: user.id, timeZone: 'UTC' }, profileImageUrl: '/api/photos/abc.png' });
    expect(updated.profileImageUrl).toBe('/api/photos/abc.png');
  });

  it('refuses a request without a caller', async () => {
    expect(await identity.services.failure(Rpc.identity.updateNotifications, { input: { mealNotifications: true } })).toEqual({ status: 401, message: Messages.unauthorized });
  });
});

describe('password reset', () => {
  const resetBaseUrl = 'http://localhost:3000';
  const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
  const tokenFor = async (userId: number, token: string, expiresAt: Date) => {
    await identity.sql("INSERT INTO identity.email_link_tokens (id, user_id, purpose, token_hash, expires_at) VALUES ($1, $2, 'reset-password', $3, $4)", [randomUUID(), userId, sha256(token), expiresAt]);
  };
  const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000);

  it('answers the same for a known and an unknown email, and stores a reset valid for an hour with no token yet', async () => {
    const user = await register();
    const sent = { message: Messages.forgotPasswordSent };
    expect(await identity.services.call(Rpc.identity.forgotPassword, { input: { email: user.email.toUpperCase() }, resetBaseUrl })).toEqual(sent);
    expect(await identity.services.call(Rpc.identity.forgotPassword, { input: { email: newEmail() }, resetBaseUrl })).toEqual(sent);
    const tokens = await identity.sql<{ token_hash: string | null; lifetime: number }>(
      "SELECT token_hash, extract(epoch FROM expires_at - created_at) AS lifetime FROM identity.email_link_tokens WHERE user_id = $1 AND purpose = 'reset-password'",
      [user.id],
    );
    expect(tokens).toHaveLength(1);
    expect(tokens[0].token_hash).toBeNull();
    expect(Number(tokens[0].lifetime)).toBeCloseTo(3600, 0);
  });

  it('records PasswordResetRequested without token or link, and issues the link, whose token resets the password, only on request', async () => {
    const user = await register();
    await identity.services.call(Rpc.identity.forgotPassword, { input: { email: user.email }, resetBaseUrl });
    const [event] = await identity.sql<{ stream_id: string; schema_version: number; data: Record<string, unknown> }>(
      "SELECT stream_id, schema_version, data FROM identity.events WHERE type = 'PasswordResetRequested' AND (data->>'userId')::int = $1",
      [user.id],
    );
    expect(event.schema_version).toBe(2);
    expect(Object.keys(event.data).sort()).toEqual(['email', 'expiresAt', 'firstName', 'resetId', 'userId']);
    expect(event.stream_id).toBe(`password-reset-${event.data.resetId}`);

    const { resetUrl } = await identity.services.call(Rpc.identity.resetLink, { resetId: String(event.data.resetId) });
    const link = new URL(resetUrl);
    expect(`${link.origin}${link.pathname}`).toBe(`${resetBaseUrl}/reset-password`);
    const token = link.searchParams.get('token') ?? '';

    // The token is in no events table of the database (data or metadata) nor in the JetStream stream the relay fills.
    const eventTables = await identity.sql<{ table_schema: string }>("SELECT table_schema FROM information_schema.tables WHERE table_name = 'events'");
    expect(eventTables.map((table) => table.table_schema)).toContain('identity');
    for (const { table_schema } of eventTables) {
      expect(await identity.sql(`SELECT position FROM "${table_schema}".events WHERE data::text LIKE $1 OR metadata::text LIKE $1`, [`%${token}%`])).toEqual([]);
    }
    const { natsUrl, natsPrefix } = testConfig();
    const nats = await connect({ servers: natsUrl });
    try {
      const lastPosition = (await identity.sql<{ max: string }>('SELECT max(position)::text AS max FROM identity.events'))[0].max;
      const bodies = await eventually(async () => {
        const found = await streamBodies(nats, eventStreamName(natsPrefix));
        expect(found.some((body) => body.includes(`"position":${lastPosition},`))).toBe(true);
        return found;
      });
      expect(bodies.some((body) => body.includes(String(event.data.resetId)))).toBe(true);
      expect(bodies.filter((body) => body.includes(token))).toEqual([]);
    } finally {
      await nats.drain();
    }

    expect(await identity.services.call(Rpc.identity.resetPassword, { input: { token, newPassword: 'N3w-pass!' } })).toEqual({ message: Messages.resetSuccess, userId: user.id });
    expect(await identity.services.failure(Rpc.identity.resetLink, { resetId: event.data.resetId })).toEqual({ status: 410, message: Messages.resetExpiredToken });
  });

  it('issues a reset link twice at most, each replacing the one before', async () => {
    const user = await register();
    await identity.services.call(Rpc.identity.forgotPassword, { input: { email: user.email }, resetBaseUrl });
    const [{ id }] = await identity.sql<{ id: string }>("SELECT id FROM identity.email_link_tokens WHERE user_id = $1 AND purpose = 'reset-password'", [user.id]);
    const first = new URL((await identity.services.call(Rpc.identity.resetLink, { resetId: id })).resetUrl).searchParams.get('token') ?? '';
    const second = new URL((await identity.services.call(Rpc.identity.resetLink, { resetId: id })).resetUrl).searchParams.get('token');
    expect(await identity.services.failure(Rpc.identity.resetLink, { resetId: id })).toEqual({ status: 410, message: Messages.resetExpiredToken });
    expect(await identity.services.failure(Rpc.identity.resetPassword, { input: { token: first, newPassword: 'N3w-pass!' } })).toEqual({ status: 400, message: Messages.resetInvalidToken });
    expect(await identity.services.call(Rpc.identity.resetPassword, { input: { token: second, newPassword: 'N3w-pass!' } })).toEqual({ message: Messages.resetSuccess, userId: user.id });
  });

  it('expires the earlier link when a new one is requested', async () => {
    const user = await register();
    await tokenFor(user.id, 'earlier-link', inAnHour());
    await identity.services.call(Rpc.identity.forgotPassword, { input: { email: user.email }, resetBaseUrl });
    expect(await identity.services.failure(Rpc.identity.resetPassword, { input: { token: 'earlier-link', newPassword: 'N3w-pass!' } })).toEqual({
      status: 400,
      message: Messages.resetExpiredToken,
    });
  });

  it('checks the password rules in the spec order before the token', async () => {
    const reset = (newPassword: string, confirmPassword?: string) => identity.services.failure(Rpc.identity.resetPassword, { input: { token: 'unknown', newPassword, confirmPassword } });
    expect((await reset('Sh0rt!')).message).toBe(Messages.resetTooShort);
    expect((await reset('ALLUPPER1!')).message).toBe(Messages.resetNeedsLowercase);
    expect((await reset('alllower1!')).message).toBe(Messages.resetNeedsUppercase);
    expect((await reset('NoDigits!!')).message).toBe(Messages.resetNeedsDigit);
    expect((await reset('NoSpecial12')).message).toBe(Messages.resetNeedsSpecial);
    expect((await reset('Good-pass1!', 'Other-pass1!')).message).toBe(Messages.resetPasswordsDontMatch);
    expect(await reset('Good-pass1!')).toEqual({ status: 400, message: Messages.resetInvalidToken });
    expect(await identity.services.failure(Rpc.identity.resetPassword, { input: { newPassword: 'Good-pass1!' } })).toEqual({ status: 400, message: Messages.resetInvalidToken });
  });

  it('changes the password once per link', async () => {
    const user = await register();
    await tokenFor(user.id, 'valid-link', inAnHour());
    const input = { token: 'valid-link', newPassword: 'N3w-pass!' };
    expect(await identity.services.call(Rpc.identity.resetPassword, { input })).toEqual({ message: Messages.resetSuccess, userId: user.id });
    expect((await identity.services.call(Rpc.identity.login, { input: { email: user.email, password: 'N3w-pass!' } })).id).toBe(user.id);
    expect((await identity.services.failure(Rpc.identity.login, { input: { email: user.email, password: 'correct horse' } })).status).toBe(401);
    expect(await identity.services.failure(Rpc.identity.resetPassword, { input: { ...input, newPassword: 'An0ther-pass!' } })).toEqual({ status: 400, message: Messages.resetExpiredToken });
  });

  it('refuses an expired link', async () => {
    const user = await register();
    await tokenFor(user.id, 'old-link', new Date(Date.now() - 1000));
    expect(await identity.services.failure(Rpc.identity.resetPassword, { input: { token: 'old-link', newPassword: 'N3w-pass!' } })).toEqual({
      status: 400,
      message: Messages.resetExpiredToken,
    });
  });
});

describe('domain config', () => {
  it('answers the default config for an unknown host', async () => {
    expect(await identity.services.call(Rpc.identity.domainConfig, { host: 'unknown.example' })).toEqual(DEFAULT_DOMAIN_CONFIG);
  });

  it("answers a host's own config whatever the case and port", async () => {
    await identity.sql(
      `INSERT INTO identity.domain_configs SELECT 'ibd.example', 'ibd', 'IBD Journal', description, '#880e4f', secondary_color, accent_color, 'IJ', email_from, support_email, tagline, custom_css FROM identity.domain_configs WHERE host = 'default'`,
    );
    expect(await identity.services.call(Rpc.identity.domainConfig, { host: 'IBD.Example:8443' })).toMatchObject({ name: 'ibd', displayName: 'IBD Journal', primaryColor: '#880e4f' });
  });
});
