import { AdminMessages, Rpc } from '@fodmap/contracts';
import { DataSource } from 'typeorm';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { AdminUsersAndSignUpHost1767700000000 } from '../migrations/1767700000000-admin-users-and-sign-up-host';
import { callerOf, confirmEmail, identityUnderTest, uniqueEmails } from '../testing/identity-fixtures';
import { AdminUsersService } from './admin-users.service';

const newEmail = uniqueEmails();
const bossEmail = newEmail('boss').replace('@example.com', '@admin.example');
const listedEmail = newEmail('listed').replace('@example.com', '@admin.example');

// Written as an operator might: spaces, capitals, a repeat.
const identity = identityUnderTest(() => ({ ADMIN_EMAILS: ` ${bossEmail.toUpperCase()}, ${listedEmail},${bossEmail}` }));
/** A new account; it proves its address unless `verified` is false. */
async function register(email: string, firstName = 'Ann', lastName = 'Lee', { verified = true } = {}) {
  const user = await identity.services.call(Rpc.identity.register, { input: { email, password: 'correct horse', firstName, lastName }, verifyBaseUrl: 'https://fodmapjournal.example' });
  return verified ? confirmEmail(identity, user.id) : user;
}
const entry = (email: string, isActive = true) => ({ email, firstName: 'Sam', lastName: 'Ray', isActive });

let boss: Awaited<ReturnType<typeof register>>;
beforeAll(async () => {
  boss = await register(bossEmail, 'Bea', 'Boss');
});

describe('ADMIN_EMAILS', () => {
  it('makes each listed address an active admin user at start-up, named from the part before @ when it has no account', async () => {
    const list = await identity.services.call(Rpc.identity.listAdminUsers, { caller: callerOf(boss.id) });
    expect(list.filter((admin) => admin.email === bossEmail || admin.email === listedEmail)).toEqual([
      { id: expect.any(Number), email: bossEmail, firstName: bossEmail.split('@')[0], lastName: 'Admin', isActive: true, createdAt: expect.any(String) },
      { id: expect.any(Number), email: listedEmail, firstName: listedEmail.split('@')[0], lastName: 'Admin', isActive: true, createdAt: expect.any(String) },
    ]);
  });

  it('makes the account of a listed address an admin, and no one else', async () => {
    expect(boss.isAdmin).toBe(true);
    expect((await identity.services.call(Rpc.identity.login, { input: { email: bossEmail, password: 'correct horse' } })).isAdmin).toBe(true);
    expect((await register(newEmail('plain'))).isAdmin).toBe(false);
  });

  it('gives the account of a listed address no admin rights until it proves the address', async () => {
    const account = await register(listedEmail, 'Lee', 'Listed', { verified: false });
    expect(account).toMatchObject({ emailVerified: false, isAdmin: false });
    expect(await confirmEmail(identity, account.id)).toMatchObject({ emailVerified: true, isAdmin: true });
  });

  it("names a new admin user after the address's account when there is one, and leaves an inactive one inactive", async () => {
    const account = await register(newEmail('named'), 'Nia', 'Name');
    const deactivated = await identity.services.call(Rpc.identity.createAdminUser, { caller: callerOf(boss.id), input: entry(newEmail('off'), false) });
    await identity.app.get(AdminUsersService).addFromEnvironment([account.email, deactivated.email]);
    const list = await identity.services.call(Rpc.identity.listAdminUsers, { caller: callerOf(boss.id) });
    expect(list.find((admin) => admin.email === account.email)).toMatchObject({ firstName: 'Nia', lastName: 'Name', isActive: true });
    expect(list.find((admin) => admin.email === deactivated.email)).toEqual(deactivated);
  });
});

describe('admin users', () => {
  it('creates an entry with a lowercased email, and its account is an admin at once', async () => {
    const email = newEmail('new-admin');
    const created = await identity.services.call(Rpc.identity.createAdminUser, { caller: callerOf(boss.id), input: { email: email.toUpperCase(), firstName: ' Sam ', lastName: 'Ray' } });
    expect(created).toEqual({ id: expect.any(Number), email, firstName: 'Sam', lastName: 'Ray', isActive: true, createdAt: expect.any(String) });
    expect((await register(email)).isAdmin).toBe(true);
  });

  it('refuses an email that is already listed, whatever its case', async () => {
    const email = newEmail('twice');
    await identity.services.call(Rpc.identity.createAdminUser, { caller: callerOf(boss.id), input: entry(email) });
    expect(await identity.services.failure(Rpc.identity.createAdminUser, { caller: callerOf(boss.id), input: entry(email.toUpperCase()) })).toEqual({
      status: 409,
      message: AdminMessages.adminUserEmailTaken,
    });
  });

  it('validates the form with the spec messages', async () => {
    const caller = callerOf(boss.id);
    expect(await identity.services.failure(Rpc.identity.createAdminUser, { caller, input: { ...entry('not-an-address') } })).toEqual({ status: 400, message: AdminMessages.emailInvalid });
    expect(await identity.services.failure(Rpc.identity.createAdminUser, { caller, input: { ...entry(newEmail('x')), firstName: ' ' } })).toEqual({ status: 400, message: AdminMessages.firstNameRequired });
    expect(await identity.services.failure(Rpc.identity.createAdminUser, { caller, input: { ...entry(newEmail('x')), lastName: '' } })).toEqual({ status: 400, message: AdminMessages.lastNameRequired });
  });

  it('deactivates an entry: its account is no admin from the next request on; reactivating restores it', async () => {
    const email = newEmail('revoked');
    const account = await register(email);
    const created = await identity.services.call(Rpc.identity.createAdminUser, { caller: callerOf(boss.id), input: entry(email) });
    expect((await identity.services.call(Rpc.identity.get, { caller: callerOf(account.id) })).isAdmin).toBe(true);
    const updated = await identity.services.call(Rpc.identity.updateAdminUser, { caller: callerOf(boss.id), adminUserId: created.id, input: { ...entry(email, false), firstName: 'Samuel' } });
    expect(updated).toEqual({ ...created, firstName: 'Samuel', isActive: false });
    expect((await identity.services.call(Rpc.identity.get, { caller: callerOf(account.id) })).isAdmin).toBe(false);
    await identity.services.call(Rpc.identity.updateAdminUser, { caller: callerOf(boss.id), adminUserId: created.id, input: entry(email) });
    expect((await identity.services.call(Rpc.identity.get, { caller: callerOf(account.id) })).isAdmin).toBe(true);
  });

  it("answers 404 for an unknown id and 409 for another entry's email", async () => {
    const first = await identity.services.call(Rpc.identity.createAdminUser, { caller: callerOf(boss.id), input: entry(newEmail('first')) });
    const second = await identity.services.call(Rpc.identity.createAdminUser, { caller: callerOf(boss.id), input: entry(newEmail('second')) });
    expect(await identity.services.failure(Rpc.identity.updateAdminUser, { caller: callerOf(boss.id), adminUserId: 999_999, input: entry(newEmail('ghost')) })).toEqual({
      status: 404,
      message: AdminMessages.adminUserNotFound,
    });
    expect(await identity.services.failure(Rpc.identity.updateAdminUser, { caller: callerOf(boss.id), adminUserId: second.id, input: entry(first.email) })).toEqual({
      status: 409,
      message: AdminMessages.adminUserEmailTaken,
    });
    expect(await identity.services.failure(Rpc.identity.deleteAdminUser, { caller: callerOf(boss.id), adminUserId: 999_999 })).toEqual({ status: 404, message: AdminMessages.adminUserNotFound });
  });

  it('deletes an entry: its account is no admin any more, and a second delete is a 404', async () => {
    const email = newEmail('deleted');
    const account = await register(email);
    const created = await identity.services.call(Rpc.identity.createAdminUser, { caller: callerOf(boss.id), input: entry(email) });
    expect(await identity.services.call(Rpc.identity.deleteAdminUser, { caller: callerOf(boss.id), adminUserId: created.id })).toEqual({ message: AdminMessages.adminUserDeleted });
    expect((await identity.services.call(Rpc.identity.get, { caller: callerOf(account.id) })).isAdmin).toBe(false);
    expect((await identity.services.call(Rpc.identity.listAdminUsers, { caller: callerOf(boss.id) })).map((admin) => admin.id)).not.toContain(created.id);
    expect(await identity.services.failure(Rpc.identity.deleteAdminUser, { caller: callerOf(boss.id), adminUserId: created.id })).toEqual({ status: 404, message: AdminMessages.adminUserNotFound });
  });

  it('refuses to let an admin deactivate, move or delete their own entry, and changes nothing', async () => {
    const own = (await identity.services.call(Rpc.identity.listAdminUsers, { caller: callerOf(boss.id) })).find((admin) => admin.email === bossEmail);
    if (!own) throw new Error('the boss is listed by ADMIN_EMAILS');
    const selfLockout = { status: 409, message: AdminMessages.cannotDeactivateSelf };
    const caller = callerOf(boss.id);
    expect(await identity.services.failure(Rpc.identity.updateAdminUser, { caller, adminUserId: own.id, input: { ...entry(bossEmail, false) } })).toEqual(selfLockout);
    expect(await identity.services.failure(Rpc.identity.updateAdminUser, { caller, adminUserId: own.id, input: { ...entry(newEmail('elsewhere')) } })).toEqual(selfLockout);
    expect(await identity.services.failure(Rpc.identity.deleteAdminUser, { caller, adminUserId: own.id })).toEqual(selfLockout);
    expect((await identity.services.call(Rpc.identity.get, { caller })).isAdmin).toBe(true);
    // Renaming one's own entry is fine.
    expect(await identity.services.call(Rpc.identity.updateAdminUser, { caller, adminUserId: own.id, input: { email: bossEmail, firstName: 'Bea', lastName: 'Boss' } })).toMatchObject({
      firstName: 'Bea',
      isActive: true,
    });
  });
});

describe('an admin entry bound to the account that proved its address (issue 20)', () => {
  it('stays with that account: another account that comes to hold the address takes nothing', async () => {
    const email = newEmail('bound');
    await identity.services.call(Rpc.identity.createAdminUser, { caller: callerOf(boss.id), input: entry(email) });
    const first = await register(email);
    expect(first.isAdmin).toBe(true);
    // The first account moves to another address (as an address change would), and someone signs up with the old one.
    await identity.sql('UPDATE identity.users SET email = $2 WHERE id = $1', [first.id, newEmail('moved')]);
    const later = await register(email);
    expect(later).toMatchObject({ emailVerified: true, isAdmin: false });
    expect((await identity.services.call(Rpc.identity.get, { caller: callerOf(first.id) })).isAdmin).toBe(true);
  });

  it('binds an entry made for an address that an account proved already', async () => {
    const account = await register(newEmail('proven-first'));
    expect(account.isAdmin).toBe(false);
    await identity.services.call(Rpc.identity.createAdminUser, { caller: callerOf(boss.id), input: entry(account.email) });
    expect((await identity.services.call(Rpc.identity.get, { caller: callerOf(account.id) })).isAdmin).toBe(true);
  });
});

describe('the migration from users.is_admin', () => {
  it('carries each admin flag over to an active admin user and drops the column; down restores the flags', async () => {
    const flagged = await register(newEmail('flagged'), 'Flo', 'Flag');
    const migration = new AdminUsersAndSignUpHost1767700000000();
    const runner = identity.app.get(DataSource).createQueryRunner();
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
    expect(await identity.sql('SELECT count(*)::int AS n FROM identity.admin_users WHERE email = $1', [flagged.email])).toEqual([{ n: 0 }]);
  });
});
