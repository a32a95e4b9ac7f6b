import { AccountMessages, Messages, Rpc } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { EmailLinkTokens1769600000000 } from '../migrations/1769600000000-email-link-tokens';
import { callerOf, identityUnderTest, newestVerificationLink, uniqueEmails } from '../testing/identity-fixtures';

const identity = identityUnderTest();
const verifyBaseUrl = 'https://fodmapjournal.example';
const newEmail = uniqueEmails();
const invalid = { status: 400, message: AccountMessages.verifyEmailInvalidToken };

async function register() {
  return identity.services.call(Rpc.identity.register, { input: { email: newEmail('proof'), password: 'correct horse', firstName: 'Ann', lastName: 'Lee' }, verifyBaseUrl });
}

const newestLink = (userId: number) => newestVerificationLink(identity, userId);

const emailVerifiedEvents = (userId: number) =>
  identity.sql<{ data: { verifiedAt: string } }>("SELECT data FROM identity.events WHERE stream_id = $1 AND type = 'EmailVerified'", [`user-${userId}`]);

describe('confirming an address (issue 20)', () => {
  it('issues a link to PUBLIC_URL/verify-email, valid 24 hours, whose token confirms the address once', async () => {
    const user = await register();
    expect(user.emailVerified).toBe(false);
    const [row] = await identity.sql<{ lifetime: number; token_hash: string | null }>(
      "SELECT extract(epoch FROM expires_at - created_at)::int AS lifetime, token_hash FROM identity.email_link_tokens WHERE user_id = $1 AND purpose = 'verify-email'",
      [user.id],
    );
    expect(row).toEqual({ lifetime: 24 * 60 * 60, token_hash: null });
    const { token, url } = await newestLink(user.id);
    expect(`${url.origin}${url.pathname}`).toBe(`${verifyBaseUrl}/verify-email`);

    expect(await identity.services.call(Rpc.identity.verifyEmail, { input: { token } })).toEqual({ message: AccountMessages.verifyEmailSuccess, userId: user.id });
    expect((await identity.services.call(Rpc.identity.get, { caller: callerOf(user.id) })).emailVerified).toBe(true);
    expect(await emailVerifiedEvents(user.id)).toEqual([{ data: { userId: user.id, verifiedAt: expect.any(String) } }]);
    expect(await identity.services.failure(Rpc.identity.verifyEmail, { input: { token } })).toEqual(invalid);
  });

  it('refuses a token once its 24 hours are over', async () => {
    const user = await register();
    const { token } = await newestLink(user.id);
    await identity.sql("UPDATE identity.email_link_tokens SET created_at = created_at - interval '24 hours', expires_at = expires_at - interval '24 hours' WHERE user_id = $1", [user.id]);
    expect(await identity.services.failure(Rpc.identity.verifyEmail, { input: { token } })).toEqual(invalid);
    expect((await identity.services.call(Rpc.identity.get, { caller: callerOf(user.id) })).emailVerified).toBe(false);
  });

  it('records one proof for concurrent uses of a token (a double tap), and refuses it afterwards', async () => {
    const user = await register();
    const { token } = await newestLink(user.id);
    await Promise.allSettled([0, 1, 2].map(() => identity.services.call(Rpc.identity.verifyEmail, { input: { token } })));
    expect(await emailVerifiedEvents(user.id)).toHaveLength(1);
    expect(await identity.sql('SELECT count(*)::int AS used FROM identity.email_link_tokens WHERE user_id = $1 AND used_at IS NOT NULL', [user.id])).toEqual([{ used: 1 }]);
    expect(await identity.services.failure(Rpc.identity.verifyEmail, { input: { token } })).toEqual(invalid);
  });

  it('supersedes the earlier link with a resend, and refuses a resend once the address is confirmed', async () => {
    const user = await register();
    const first = await newestLink(user.id);
    expect(await identity.services.call(Rpc.identity.resendVerification, { caller: callerOf(user.id), verifyBaseUrl })).toEqual({ message: AccountMessages.verifyEmailSent });
    const second = await newestLink(user.id);
    expect(second.verificationId).not.toBe(first.verificationId);
    expect(await identity.services.failure(Rpc.identity.verifyEmail, { input: { token: first.token } })).toEqual(invalid);
    await identity.services.call(Rpc.identity.verifyEmail, { input: { token: second.token } });
    expect(await identity.services.failure(Rpc.identity.resendVerification, { caller: callerOf(user.id), verifyBaseUrl })).toEqual({ status: 409, message: AccountMessages.verifyEmailAlready });
  });

  it('takes a completed password reset as proof, once', async () => {
    const user = await register();
    await identity.services.call(Rpc.identity.forgotPassword, { input: { email: user.email }, resetBaseUrl: verifyBaseUrl });
    const [{ id }] = await identity.sql<{ id: string }>("SELECT id FROM identity.email_link_tokens WHERE user_id = $1 AND purpose = 'reset-password'", [user.id]);
    const token = new URL((await identity.services.call(Rpc.identity.resetLink, { resetId: id })).resetUrl).searchParams.get('token') ?? '';
    await identity.services.call(Rpc.identity.resetPassword, { input: { token, newPassword: 'N3w-pass!' } });
    expect((await identity.services.call(Rpc.identity.get, { caller: callerOf(user.id) })).emailVerified).toBe(true);
    // The confirmation link still answers that the address is confirmed, and records no second proof.
    const link = await newestLink(user.id);
    expect(await identity.services.call(Rpc.identity.verifyEmail, { input: { token: link.token } })).toMatchObject({ message: AccountMessages.verifyEmailSuccess });
    expect(await emailVerifiedEvents(user.id)).toHaveLength(1);
  });

  it('keeps each link to its purpose in the one table of emailed links, and erases them with the account', async () => {
    const user = await register();
    await identity.services.call(Rpc.identity.forgotPassword, { input: { email: user.email }, resetBaseUrl: verifyBaseUrl });
    const [{ id }] = await identity.sql<{ id: string }>("SELECT id FROM identity.email_link_tokens WHERE user_id = $1 AND purpose = 'reset-password'", [user.id]);
    const resetToken = new URL((await identity.services.call(Rpc.identity.resetLink, { resetId: id })).resetUrl).searchParams.get('token') ?? '';
    const confirmation = await newestLink(user.id);

    expect(await identity.services.failure(Rpc.identity.resetPassword, { input: { token: confirmation.token, newPassword: 'N3w-pass!' } })).toEqual({
      status: 400,
      message: Messages.resetInvalidToken,
    });
    expect(await identity.services.failure(Rpc.identity.verifyEmail, { input: { token: resetToken } })).toEqual(invalid);
    // Neither refusal used a link up, and neither request expired the other.
    expect(await identity.sql("SELECT purpose, used_at FROM identity.email_link_tokens WHERE user_id = $1 AND expires_at > now() ORDER BY purpose", [user.id])).toEqual([
      { purpose: 'reset-password', used_at: null },
      { purpose: 'verify-email', used_at: null },
    ]);

    await identity.services.call(Rpc.identity.eraseAccount, { caller: callerOf(user.id), input: { password: 'correct horse' } });
    expect(await identity.sql('SELECT id FROM identity.email_link_tokens WHERE user_id = $1', [user.id])).toEqual([]);
  });
});

describe('the migration to one table of emailed links', () => {
  it('moves the links that still work from the two tables into one, each with its purpose; used and expired ones are dropped; down moves them back', async () => {
    const user = await register();
    await identity.services.call(Rpc.identity.forgotPassword, { input: { email: user.email }, resetBaseUrl: verifyBaseUrl });
    const live = await identity.sql<{ id: string; purpose: string; base_url: string }>(
      'SELECT id, purpose, base_url FROM identity.email_link_tokens WHERE user_id = $1 ORDER BY purpose',
      [user.id],
    );
    expect(live.map(({ purpose }) => purpose)).toEqual(['reset-password', 'verify-email']);
    const migration = new EmailLinkTokens1769600000000();
    const runner = identity.app.get(DataSource).createQueryRunner();
    try {
      await runner.startTransaction();
      await migration.down(runner);
      expect(await runner.query('SELECT id, reset_base_url FROM identity.password_reset_tokens WHERE user_id = $1', [user.id])).toEqual([
        { id: live[0].id, reset_base_url: verifyBaseUrl },
      ]);
      expect(await runner.query('SELECT id, verify_base_url FROM identity.email_verification_tokens WHERE user_id = $1', [user.id])).toEqual([
        { id: live[1].id, verify_base_url: verifyBaseUrl },
      ]);
      // A used reset and an expired confirmation of the person's: nothing a link could still open.
      await runner.query("INSERT INTO identity.password_reset_tokens (id, user_id, expires_at, used_at) VALUES (gen_random_uuid(), $1, now() + interval '1 hour', now())", [user.id]);
      await runner.query("INSERT INTO identity.email_verification_tokens (id, user_id, expires_at) VALUES (gen_random_uuid(), $1, now() - interval '1 second')", [user.id]);
      await migration.up(runner);
      expect(await runner.query('SELECT id, purpose, base_url FROM identity.email_link_tokens WHERE user_id = $1 ORDER BY purpose', [user.id])).toEqual(live);
      expect(await runner.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'identity' AND table_name IN ('password_reset_tokens', 'email_verification_tokens')")).toEqual([{ n: 0 }]);
    } finally {
      // The run's database stays as the service left it for the other suites.
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
