import { AdminMessages, Rpc } from '@fodmap/contracts';
import { ServiceCaller, startService } from '@fodmap/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppModule } from '../app.module';
import { AdminUsersAndSignUpHost1767700000000 } from '../migrations/1767700000000-admin-users-and-sign-up-host';
import { AdminUsersService } from './admin-users.service';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const bossEmail = `boss.${run}@admin.example`;
const listedEmail = `listed.${run}@admin.example`;

let identity: INestMicroservice;
let services: ServiceCaller;
const previousAdminEmails = process.env.ADMIN_EMAILS;
beforeAll(async () => {
  // Written as an operator might: spaces, capitals, a repeat.
  process.env.ADMIN_EMAILS = ` ${bossEmail.toUpperCase()}, ${listedEmail},${bossEmail}`;
  identity = await startService('identity', AppModule);
  services = await ServiceCaller.connect();
});
afterAll(async () => {
  process.env.ADMIN_EMAILS = previousAdminEmails;
  await services?.close();
  await identity?.close();
});

const sql = <Row,>(text: string, values: unknown[] = []): Promise<Row[]> => identity.get(DataSource).query(text, values);

let count = 0;
const newEmail = (label: string) => `${label}.${++count}.${run}@example.com`;
const callerOf = (user: { id: number }) => ({ userId: user.id, timeZone: 'UTC' });
/** Opens the account's newest confirmation link, as its owner would from the email (issue 20). */
async function confirm(userId: number) {
  const [{ id }] = await sql<{ id: string }>('SELECT id FROM identity.email_verification_tokens WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1', [userId]);
  const { verifyUrl } = await services.call(Rpc.identity.verificationLink, { verificationId: id });
  await services.call(Rpc.identity.verifyEmail, { input: { token: new URL(verifyUrl).searchParams.get('token') ?? '' } });
  return services.call(Rpc.identity.get, { caller: callerOf({ id: userId }) });
}
/** A new account; it proves its address unless `verified` is false. */
async function register(email: string, firstName = 'Ann', lastName = 'Lee', { verified = true } = {}) {
  const user = await services.call(Rpc.identity.register, { input: { email, password: 'correct horse', firstName, lastName }, verifyBaseUrl: 'https://fodmapjournal.example' });
  return verified ? confirm(user.id) : user;
}
const entry = (email: string, isActive = true) => ({ email, firstName: 'Sam', lastName: 'Ray', isActive });

let boss: Awaited<ReturnType<typeof register>>;
beforeAll(async () => {
  boss = await register(bossEmail, 'Bea', 'Boss');
});

describe('ADMIN_EMAILS', () => {
  it('makes each listed address an active admin user at start-up, named from the part before @ when it has no account', async () => {
    const list = await services.call(Rpc.identity.listAdminUsers, { caller: callerOf(boss) });
    expect(list.filter((admin) => admin.email === bossEmail || admin.email === listedEmail)).toEqual([
      { id: expect.any(Number), email: bossEmail, firstName: `boss.${run}`, lastName: 'Admin', isActive: true, createdAt: expect.any(String) },
      { id: expect.any(Number), email: listedEmail, firstName: `listed.${run}`, lastName: 'Admin', isActive: true, createdAt: expect.any(String) },
    ]);
  });

  it('makes the account of a listed address an admin, and no one else', async () => {
    expect(boss.isAdmin).toBe(true);
    expect((await services.call(Rpc.identity.login, { input: { email: bossEmail, password: 'correct horse' } })).isAdmin).toBe(true);
    expect((await register(newEmail('plain'))).isAdmin).toBe(false);
  });

  it('gives the account of a listed address no admin rights until it proves the address', async () => {
    const account = await register(listedEmail, 'Lee', 'Listed', { verified: false });
    expect(account).toMatchObject({ emailVerified: false, isAdmin: false });
    expect(await confirm(account.id)).toMatchObject({ emailVerified: true, isAdmin: true });
  });

  it("names a new admin user after the address's account when there is one, and leaves an inactive one inactive", async () => {
    const account = await register(newEmail('named'), 'Nia', 'Name');
    const deactivated = await services.call(Rpc.identity.createAdminUser, { caller: callerOf(boss), input: entry(newEmail('off'), false) });
    await identity.get(AdminUsersService).addFromEnvironment([account.email, deactivated.email]);
    const list = await services.call(Rpc.identity.listAdminUsers, { caller: callerOf(boss) });
    expect(list.find((admin) => admin.email === account.email)).toMatchObject({ firstName: 'Nia', lastName: 'Name', isActive: true });
    expect(list.find((admin) => admin.email === deactivated.email)).toEqual(deactivated);
  });
});

describe('admin users', () => {
  it('creates an entry with a lowercased email, and its account is an admin at once', async () => {
    const email = newEmail('new-admin');
    const created = await services.call(Rpc.identity.createAdminUser, { caller: callerOf(boss), input: { email: email.toUpperCase(), firstName: ' Sam ', lastName: 'Ray' } });
    expect(created).toEqual({ id: expect.any(Number), email, firstName: 'Sam', lastName: 'Ray', isActive: true, createdAt: expect.any(String) });
    expect((await register(email)).isAdmin).toBe(true);
  });

  it('refuses an email that is already listed, whatever its case', async () => {
    const email = newEmail('twice');
    await services.call(Rpc.identity.createAdminUser, { caller: callerOf(boss), input: entry(email) });
    expect(await services.failure(Rpc.identity.createAdminUser, { caller: callerOf(boss), input: entry(email.toUpperCase()) })).toEqual({
      status: 409,
      message: AdminMessages.adminUserEmailTaken,
    });
  });

  it('validates the form with the spec messages', async () => {
    const caller = callerOf(boss);
    expect(await services.failure(Rpc.identity.createAdminUser, { caller, input: { ...entry('not-an-address') } })).toEqual({ status: 400, message: AdminMessages.emailInvalid });
    expect(await services.failure(Rpc.identity.createAdminUser, { caller, input: { ...entry(newEmail('x')), firstName: ' ' } })).toEqual({ status: 400, message: AdminMessages.firstNameRequired });
    expect(await services.failure(Rpc.identity.createAdminUser, { caller, input: { ...entry(newEmail('x')), lastName: '' } })).toEqual({ status: 400, message: AdminMessages.lastNameRequired });
  });

  it('deactivates an entry: its account is no admin from the next request on; reactivating restores it', async () => {
    const email = newEmail('revoked');
    const account = await register(email);
    const created = await services.call(Rpc.identity.createAdminUser, { caller: callerOf(boss), input: entry(email) });
    expect((await services.call(Rpc.identity.get, { caller: callerOf(account) })).isAdmin).toBe(true);
    const updated = await services.call(Rpc.identity.updateAdminUser, { caller: callerOf(boss), adminUserId: created.id, input: { ...entry(email, false), firstName: 'Samuel' } });
    expect(updated).toEqual({ ...created, firstName: 'Samuel', isActive: false });
    expect((await services.call(Rpc.identity.get, { caller: callerOf(account) })).isAdmin).toBe(false);
    await services.call(Rpc.identity.updateAdminUser, { caller: callerOf(boss), adminUserId: created.id, input: entry(email) });
    expect((await services.call(Rpc.identity.get, { caller: callerOf(account) })).isAdmin).toBe(true);
  });

  it("answers 404 for an unknown id and 409 for another entry's email", async () => {
    const first = await services.call(Rpc.identity.createAdminUser, { caller: callerOf(boss), input: entry(newEmail('first')) });
    const second = await services.call(Rpc.identity.createAdminUser, { caller: callerOf(boss), input: entry(newEmail('second')) });
    expect(await services.failure(Rpc.identity.updateAdminUser, { caller: callerOf(boss), adminUserId: 999_999, input: entry(newEmail('ghost')) })).toEqual({
      status: 404,
      message: AdminMessages.adminUserNotFound,
    });
    expect(await services.failure(Rpc.identity.updateAdminUser, { caller: callerOf(boss), adminUserId: second.id, input: entry(first.email) })).toEqual({
      status: 409,
      message: AdminMessages.adminUserEmailTaken,
    });
    expect(await services.failure(Rpc.identity.deleteAdminUser, { caller: callerOf(boss), adminUserId: 999_999 })).toEqual({ status: 404, message: AdminMessages.adminUserNotFound });
  });

  it('deletes an entry: its account is no admin any more, and a second delete is a 404', async () => {
    const email = newEmail('deleted');
    const account = await register(email);
    const created = await services.call(Rpc.identity.createAdminUser, { caller: callerOf(boss), input: entry(email) });
    expect(await services.call(Rpc.identity.deleteAdminUser, { caller: callerOf(boss), adminUserId: created.id })).toEqual({ message: AdminMessages.adminUserDeleted });
    expect((await services.call(Rpc.identity.get, { caller: callerOf(account) })).isAdmin).toBe(false);
    expect((await services.call(Rpc.identity.listAdminUsers, { caller: callerOf(boss) })).map((admin) => admin.id)).not.toContain(created.id);
    expect(await services.failure(Rpc.identity.deleteAdminUser, { caller: callerOf(boss), adminUserId: created.id })).toEqual({ status: 404, message: AdminMessages.adminUserNotFound });
  });

  it('refuses to let an admin deactivate, move or delete their own entry, and changes nothing', async () => {
    const own = (await services.call(Rpc.identity.listAdminUsers, { caller: callerOf(boss) })).find((admin) => admin.email === bossEmail);
    if (!own) throw new Error('the boss is listed by ADMIN_EMAILS');
    const selfLockout = { status: 409, message: AdminMessages.cannotDeactivateSelf };
    const caller = callerOf(boss);
    expect(await services.failure(Rpc.identity.updateAdminUser, { caller, adminUserId: own.id, input: { ...entry(bossEmail, false) } })).toEqual(selfLockout);
    expect(await services.failure(Rpc.identity.updateAdminUser, { caller, adminUserId: own.id, input: { ...entry(newEmail('elsewhere')) } })).toEqual(selfLockout);
    expect(await services.failure(Rpc.identity.deleteAdminUser, { caller, adminUserId: own.id })).toEqual(selfLockout);
    expect((await services.call(Rpc.identity.get, { caller })).isAdmin).toBe(true);
    // Renaming one's own entry is fine.
    expect(await services.call(Rpc.identity.updateAdminUser, { caller, adminUserId: own.id, input: { email: bossEmail, firstName: 'Bea', lastName: 'Boss' } })).toMatchObject({
      firstName: 'Bea',
      isActive: true,
    });
  });
});

describe('an admin entry bound to the account that proved its address (issue 20)', () => {
  it('stays with that account: another account that comes to hold the address takes nothing', async () => {
    const email = newEmail('bound');
    await services.call(Rpc.identity.createAdminUser, { caller: callerOf(boss), input: entry(email) });
    const first = await register(email);
    expect(first.isAdmin).toBe(true);
    // The first account moves to another address (as an address change would), and someone signs up with the old one.
    await sql('UPDATE identity.users SET email = $2 WHERE id = $1', [first.id, newEmail('moved')]);
    const later = await register(email);
    expect(later).toMatchObject({ emailVerified: true, isAdmin: false });
    expect((await services.call(Rpc.identity.get, { caller: callerOf(first) })).isAdmin).toBe(true);
  });

  it('binds an entry made for an address that an account proved already', async () => {
    const account = await register(newEmail('proven-first'));
    expect(account.isAdmin).toBe(false);
    await services.call(Rpc.identity.createAdminUser, { caller: callerOf(boss), input: entry(account.email) });
    expect((await services.call(Rpc.identity.get, { caller: callerOf(account) })).isAdmin).toBe(true);
  });
});

describe('the migration from users.is_admin', () => {
  it('carries each admin flag over to an active admin user and drops the column; down restores the flags', async () => {
    const flagged = await register(newEmail('flagged'), 'Flo', 'Flag');
    const migration = new AdminUsersAndSignUpHost1767700000000();
    const runner = identity.get(DataSource).createQueryRunner();
    try {
      await runner.startTransaction();
      await migration.down(runner);
      expect(await runner.query('SELECT is_admin FROM identity.users WHERE email = $1', [bossEmail])).toEqual([{ is_admin: true }]);
      await runner.query('UPDATE identity.users SET is_admin = true WHERE id = $1', [flagged.id]);
      await migration.up(runner);
      const admins: Array<{ email: string; first_name: string; is_active: boolean }> = await runner.query(
        'SELECT email, first_name, is_active FROM identity.admin_users WHERE email = ANY($1) ORDER BY email',
        [[bossEmail, flagged.email]],
      );
      expect(admins).toEqual([
        { email: bossEmail, first_name: 'Bea', is_active: true },
        { email: flagged.email, first_name: 'Flo', is_active: true },
      ]);
      const columns: Array<{ column_name: string }> = await runner.query(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = 'identity' AND table_name = 'users' AND column_name IN ('is_admin', 'host')",
      );
      expect(columns).toEqual([{ column_name: 'host' }]);
    } finally {
      // The run's database stays as the service left it for the other suites.
      await runner.rollbackTransaction();
      await runner.release();
    }
    expect(await sql('SELECT count(*)::int AS n FROM identity.admin_users WHERE email = $1', [flagged.email])).toEqual([{ n: 0 }]);
  });
});
