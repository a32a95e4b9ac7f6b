import { AccountMessages, Rpc } from '@fodmap/contracts';
import { ServiceCaller, startService } from '@fodmap/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppModule } from '../app.module';

let identity: INestMicroservice;
let services: ServiceCaller;
beforeAll(async () => {
  identity = await startService('identity', AppModule);
  services = await ServiceCaller.connect();
});
afterAll(async () => {
  await services?.close();
  await identity?.close();
});

const sql = <Row,>(text: string, values: unknown[] = []): Promise<Row[]> => identity.get(DataSource).query(text, values);
const verifyBaseUrl = 'https://fodmapjournal.example';
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let count = 0;
const newEmail = () => `proof.${++count}.${run}@example.com`;
const callerOf = (userId: number) => ({ userId, timeZone: 'UTC' });
const invalid = { status: 400, message: AccountMessages.verifyEmailInvalidToken };

async function register() {
  return services.call(Rpc.identity.register, { input: { email: newEmail(), password: 'correct horse', firstName: 'Ann', lastName: 'Lee' }, verifyBaseUrl });
}

/** The newest confirmation request of the user, and its link's token as its email would carry it. */
async function newestLink(userId: number): Promise<{ verificationId: string; token: string; url: URL }> {
  const [{ id }] = await sql<{ id: string }>('SELECT id FROM identity.email_verification_tokens WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1', [userId]);
  const url = new URL((await services.call(Rpc.identity.verificationLink, { verificationId: id })).verifyUrl);
  return { verificationId: id, token: url.searchParams.get('token') ?? '', url };
}

const emailVerifiedEvents = (userId: number) =>
  sql<{ data: { verifiedAt: string } }>("SELECT data FROM identity.events WHERE stream_id = $1 AND type = 'EmailVerified'", [`user-${userId}`]);

describe('confirming an address (issue 20)', () => {
  it('issues a link to PUBLIC_URL/verify-email, valid 24 hours, whose token confirms the address once', async () => {
    const user = await register();
    expect(user.emailVerified).toBe(false);
    const [row] = await sql<{ lifetime: number; token_hash: string | null }>(
      'SELECT extract(epoch FROM expires_at - created_at)::int AS lifetime, token_hash FROM identity.email_verification_tokens WHERE user_id = $1',
      [user.id],
    );
    expect(row).toEqual({ lifetime: 24 * 60 * 60, token_hash: null });
    const { token, url } = await newestLink(user.id);
    expect(`${url.origin}${url.pathname}`).toBe(`${verifyBaseUrl}/verify-email`);

    expect(await services.call(Rpc.identity.verifyEmail, { input: { token } })).toEqual({ message: AccountMessages.verifyEmailSuccess, userId: user.id });
    expect((await services.call(Rpc.identity.get, { caller: callerOf(user.id) })).emailVerified).toBe(true);
    expect(await emailVerifiedEvents(user.id)).toEqual([{ data: { userId: user.id, verifiedAt: expect.any(String) } }]);
    expect(await services.failure(Rpc.identity.verifyEmail, { input: { token } })).toEqual(invalid);
  });

  it('refuses a token once its 24 hours are over', async () => {
    const user = await register();
    const { token } = await newestLink(user.id);
    await sql("UPDATE identity.email_verification_tokens SET created_at = created_at - interval '24 hours', expires_at = expires_at - interval '24 hours' WHERE user_id = $1", [user.id]);
    expect(await services.failure(Rpc.identity.verifyEmail, { input: { token } })).toEqual(invalid);
    expect((await services.call(Rpc.identity.get, { caller: callerOf(user.id) })).emailVerified).toBe(false);
  });

  it('records one proof for concurrent uses of a token (a double tap), and refuses it afterwards', async () => {
    const user = await register();
    const { token } = await newestLink(user.id);
    await Promise.allSettled([0, 1, 2].map(() => services.call(Rpc.identity.verifyEmail, { input: { token } })));
    expect(await emailVerifiedEvents(user.id)).toHaveLength(1);
    expect(await sql('SELECT count(*)::int AS used FROM identity.email_verification_tokens WHERE user_id = $1 AND used_at IS NOT NULL', [user.id])).toEqual([{ used: 1 }]);
    expect(await services.failure(Rpc.identity.verifyEmail, { input: { token } })).toEqual(invalid);
  });

  it('supersedes the earlier link with a resend, and refuses a resend once the address is confirmed', async () => {
    const user = await register();
    const first = await newestLink(user.id);
    expect(await services.call(Rpc.identity.resendVerification, { caller: callerOf(user.id), verifyBaseUrl })).toEqual({ message: AccountMessages.verifyEmailSent });
    const second = await newestLink(user.id);
    expect(second.verificationId).not.toBe(first.verificationId);
    expect(await services.failure(Rpc.identity.verifyEmail, { input: { token: first.token } })).toEqual(invalid);
    await services.call(Rpc.identity.verifyEmail, { input: { token: second.token } });
    expect(await services.failure(Rpc.identity.resendVerification, { caller: callerOf(user.id), verifyBaseUrl })).toEqual({ status: 409, message: AccountMessages.verifyEmailAlready });
  });

  it('takes a completed password reset as proof, once', async () => {
    const user = await register();
    await services.call(Rpc.identity.forgotPassword, { input: { email: user.email }, resetBaseUrl: verifyBaseUrl });
    const [{ id }] = await sql<{ id: string }>('SELECT id FROM identity.password_reset_tokens WHERE user_id = $1', [user.id]);
    const token = new URL((await services.call(Rpc.identity.resetLink, { resetId: id })).resetUrl).searchParams.get('token') ?? '';
    await services.call(Rpc.identity.resetPassword, { input: { token, newPassword: 'N3w-pass!' } });
    expect((await services.call(Rpc.identity.get, { caller: callerOf(user.id) })).emailVerified).toBe(true);
    // The confirmation link still answers that the address is confirmed, and records no second proof.
    const link = await newestLink(user.id);
    expect(await services.call(Rpc.identity.verifyEmail, { input: { token: link.token } })).toMatchObject({ message: AccountMessages.verifyEmailSuccess });
    expect(await emailVerifiedEvents(user.id)).toHaveLength(1);
  });
});
