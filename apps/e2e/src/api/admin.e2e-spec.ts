import { AdminMessages, AdminUserInput, AdvertiserInput, DEFAULT_DISCLAIMER, Messages, httpContract } from '@fodmap/contracts';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiSession, expectOk, okBody, registerAdmin, registerUser, signInFirstAdmin, uniqueEmail } from '../support/api';
import { provided } from '../support/provided';

// Every admin route; those that name a record are sent id 1 (the guard answers before it is read).
const ADMIN_ROUTES = Object.values(httpContract.admin).map((route) => [route.method, route.path, route] as const);

const advertiser = (fields: Partial<AdvertiserInput> = {}): AdvertiserInput => ({
  name: 'Gut Good Foods',
  productName: 'Low FODMAP Granola',
  description: 'Oats and seeds, nothing that bloats.',
  ctaText: 'Try it',
  ctaLink: 'https://gutgood.example/granola',
  ...fields,
});

let admin: ApiSession;
beforeAll(async () => {
  admin = await signInFirstAdmin();
});

describe('who may use /api/admin', () => {
  it.each(ADMIN_ROUTES)('%s %s: 401 to a visitor, 403 to a signed-in person who is not an admin, never cached', async (_method, _path, route) => {
    const input = { params: { id: 1 }, body: 'body' in route ? {} : undefined };
    const visitor = await new ApiSession().send(route, input);
    expect(visitor).toMatchObject({ status: 401, body: { message: Messages.unauthorized } });
    expect(visitor.headers.get('cache-control')).toBe('no-store');
    const { api } = await registerUser('not-admin');
    const person = await api.send(route, input);
    expect(person).toMatchObject({ status: 403, body: { message: Messages.adminOnly } });
    expect(person.headers.get('cache-control')).toBe('no-store');
  });

  it('lets the ADMIN_EMAILS admin in, listed as an active admin user, with no-store answers', async () => {
    const me = await admin.call(httpContract.account.user);
    expect(me.body).toMatchObject({ email: provided('adminEmail'), isAdmin: true });
    const list = await admin.call(httpContract.admin.adminUsers);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.body).toContainEqual({ id: expect.any(Number), email: provided('adminEmail'), firstName: 'admin', lastName: 'Admin', isActive: true, createdAt: expect.any(String) });
  });

  it('refuses a deactivated admin with 403 on the very next request, and lets them back in once reactivated', async () => {
    const { api, email, adminUserId } = await registerAdmin('soon-inactive');
    expect((await api.call(httpContract.admin.adminUsers)).status).toBe(200);
    const off = await admin.call(httpContract.admin.updateAdminUser, { params: { id: adminUserId }, body: { email, firstName: 'Adam', lastName: 'Tester', isActive: false } });
    expect(off).toMatchObject({ status: 200, body: { id: adminUserId, isActive: false } });
    expect(await api.call(httpContract.admin.adminUsers)).toMatchObject({ status: 403, body: { message: Messages.adminOnly } });
    expect((await api.raw('GET', '/admin/')).status).toBe(403);
    await admin.call(httpContract.admin.updateAdminUser, { params: { id: adminUserId }, body: { email, firstName: 'Adam', lastName: 'Tester', isActive: true } });
    expect((await api.call(httpContract.admin.adminUsers)).status).toBe(200);
  });
});

describe('advertisers', () => {
  it('creates one with the §5 defaults (active, priority 1), lists it, updates it and deletes it with the §8 messages', async () => {
    const created = await admin.call(httpContract.admin.createAdvertiser, { body: advertiser({ name: ' Gut Good Foods ', sponsorMessage: '', disclaimerText: '  ' }) });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.body).toEqual({
      id: expect.any(Number),
      ...advertiser(),
      sponsorMessage: null,
      disclaimerText: null,
      isActive: true,
      priority: 1,
      createdAt: expect.any(String),
    });
    const id = okBody(created).id as number;
    expect((await admin.call(httpContract.admin.advertisers)).body).toContainEqual(created.body);

    const updated = await admin.call(httpContract.admin.updateAdvertiser, { params: { id }, body: advertiser({ priority: 100, isActive: false, disclaimerText: DEFAULT_DISCLAIMER }) });
    expect(updated).toMatchObject({ status: 200, body: { id, priority: 100, isActive: false, disclaimerText: DEFAULT_DISCLAIMER, createdAt: okBody(created).createdAt } });

    expect(await admin.call(httpContract.admin.deleteAdvertiser, { params: { id } })).toMatchObject({ status: 200, body: { message: AdminMessages.advertiserDeleted } });
    expect(okBody(await admin.call(httpContract.admin.advertisers)).map((listed: { id: number }) => listed.id)).not.toContain(id);
    expect(await admin.call(httpContract.admin.deleteAdvertiser, { params: { id } })).toMatchObject({ status: 404, body: { message: AdminMessages.advertiserNotFound } });
    expect(await admin.call(httpContract.admin.updateAdvertiser, { params: { id }, body: advertiser() })).toMatchObject({ status: 404, body: { message: AdminMessages.advertiserNotFound } });
  });

  it.each([
    ['name', { name: '' }, AdminMessages.nameRequired],
    ['name missing', { name: undefined }, AdminMessages.nameRequired],
    ['productName', { productName: '  ' }, AdminMessages.productNameRequired],
    ['description', { description: '' }, AdminMessages.descriptionRequired],
    ['ctaText', { ctaText: '' }, AdminMessages.ctaTextRequired],
    ['ctaLink empty', { ctaLink: '' }, AdminMessages.ctaLinkInvalid],
    ['ctaLink not a URL', { ctaLink: 'gutgood dot example' }, AdminMessages.ctaLinkInvalid],
    ['ctaLink javascript:', { ctaLink: 'javascript:alert(document.cookie)' }, AdminMessages.ctaLinkInvalid],
    ['ctaLink data:', { ctaLink: 'data:text/html,<script>alert(1)</script>' }, AdminMessages.ctaLinkInvalid],
    ['priority 0', { priority: 0 }, AdminMessages.priorityInvalid],
    ['priority 101', { priority: 101 }, AdminMessages.priorityInvalid],
    ['priority 1.5', { priority: 1.5 }, AdminMessages.priorityInvalid],
    ['priority "5"', { priority: '5' }, AdminMessages.priorityInvalid],
    ['isActive "yes"', { isActive: 'yes' }, AdminMessages.isActiveInvalid],
  ])('refuses %s with 400 and its §5 message, on create and on update', async (_label, fields, message) => {
    expect(await admin.send(httpContract.admin.createAdvertiser, { body: { ...advertiser(), ...fields } })).toMatchObject({ status: 400, body: { message } });
    expect(await admin.send(httpContract.admin.updateAdvertiser, { params: { id: 1 }, body: { ...advertiser(), ...fields } })).toMatchObject({ status: 400, body: { message } });
  });

  it('accepts the priority bounds 1 and 100', async () => {
    for (const priority of [1, 100]) expect(await admin.call(httpContract.admin.createAdvertiser, { body: advertiser({ priority, isActive: false }) })).toMatchObject({ status: 201, body: { priority } });
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', '99999999999'])('answers 400 for the advertiser id %s in the path', async (id) => {
    expect(await admin.call(httpContract.admin.updateAdvertiser, { params: { id }, body: advertiser() })).toMatchObject({ status: 400, body: { message: AdminMessages.advertiserIdInvalid } });
    expect(await admin.call(httpContract.admin.deleteAdvertiser, { params: { id } })).toMatchObject({ status: 400, body: { message: AdminMessages.advertiserIdInvalid } });
  });
});

describe('admin users', () => {
  const entry = (email: string, fields: Partial<AdminUserInput> = {}): AdminUserInput => ({ email, firstName: 'Sam', lastName: 'Ray', ...fields });

  it('creates one (lowercased, active by default), edits it and deletes it with the §8 messages; the address becomes an admin on sign-up', async () => {
    const email = uniqueEmail('new-admin');
    const created = await admin.call(httpContract.admin.createAdminUser, { body: entry(email.toUpperCase()) });
    expect(created).toMatchObject({ status: 201, body: { id: expect.any(Number), email, firstName: 'Sam', lastName: 'Ray', isActive: true, createdAt: expect.any(String) } });
    const id = okBody(created).id as number;
    expect((await admin.call(httpContract.admin.adminUsers)).body).toContainEqual(created.body);

    const { api } = await registerUser('new-admin', 'Sam', 'Europe/London', email);
    expect((await api.call(httpContract.admin.adminUsers)).status).toBe(200);

    const renamed = await admin.call(httpContract.admin.updateAdminUser, { params: { id }, body: entry(email, { firstName: 'Samuel' }) });
    expect(renamed).toMatchObject({ status: 200, body: { id, firstName: 'Samuel', isActive: true } });

    expect(await admin.call(httpContract.admin.deleteAdminUser, { params: { id } })).toMatchObject({ status: 200, body: { message: AdminMessages.adminUserDeleted } });
    expect((await api.call(httpContract.admin.adminUsers)).status).toBe(403);
    expect(await admin.call(httpContract.admin.deleteAdminUser, { params: { id } })).toMatchObject({ status: 404, body: { message: AdminMessages.adminUserNotFound } });
    expect(await admin.call(httpContract.admin.updateAdminUser, { params: { id }, body: entry(email) })).toMatchObject({ status: 404, body: { message: AdminMessages.adminUserNotFound } });
  });

  it('refuses an email already listed, whatever its case, with 409', async () => {
    const email = uniqueEmail('listed-twice');
    expect((await admin.call(httpContract.admin.createAdminUser, { body: entry(email) })).status).toBe(201);
    expect(await admin.call(httpContract.admin.createAdminUser, { body: entry(email.toUpperCase()) })).toMatchObject({ status: 409, body: { message: AdminMessages.adminUserEmailTaken } });
  });

  it.each([
    ['email', { email: 'not-an-address' }, AdminMessages.emailInvalid],
    ['email missing', { email: undefined }, AdminMessages.emailInvalid],
    ['firstName', { firstName: '' }, AdminMessages.firstNameRequired],
    ['lastName', { lastName: ' ' }, AdminMessages.lastNameRequired],
    ['isActive', { isActive: 'no' }, AdminMessages.isActiveInvalid],
  ])('refuses %s with 400 and its §5 message', async (_label, fields, message) => {
    expect(await admin.send(httpContract.admin.createAdminUser, { body: { ...entry(uniqueEmail('bad')), ...fields } })).toMatchObject({ status: 400, body: { message } });
    expect(await admin.send(httpContract.admin.updateAdminUser, { params: { id: 1 }, body: { ...entry(uniqueEmail('bad')), ...fields } })).toMatchObject({ status: 400, body: { message } });
  });

  it('answers 400 for a malformed admin user id', async () => {
    expect(await admin.call(httpContract.admin.deleteAdminUser, { params: { id: 'x1' } })).toMatchObject({ status: 400, body: { message: AdminMessages.adminUserIdInvalid } });
  });

  it('refuses to let admins deactivate or delete their own entry, so nobody locks themself out', async () => {
    const { api, email, adminUserId } = await registerAdmin('self-lockout');
    const selfLockout = { status: 409, body: { message: AdminMessages.cannotDeactivateSelf } };
    expect(await api.call(httpContract.admin.updateAdminUser, { params: { id: adminUserId }, body: entry(email, { isActive: false }) })).toMatchObject(selfLockout);
    expect(await api.call(httpContract.admin.deleteAdminUser, { params: { id: adminUserId } })).toMatchObject(selfLockout);
    expect((await api.call(httpContract.admin.adminUsers)).status).toBe(200);
  });
});

describe('statistics', () => {
  it('answers email stats in the §3 shape', async () => {
    const res = await admin.call(httpContract.admin.emailStats);
    expectOk(res);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      totalSent: expect.any(Number),
      totalUsers: expect.any(Number),
      lastSent: res.body.totalSent === 0 ? null : expect.any(String),
      campaignsByType: expect.any(Array),
    });
    for (const campaign of res.body.campaignsByType) expect(campaign).toEqual({ emailType: expect.any(String), count: expect.any(Number) });
  });

  it('answers advertiser stats in the §3 shape, plus clicks, including an advertiser just created', async () => {
    const created = await admin.call(httpContract.admin.createAdvertiser, { body: advertiser({ name: 'Stats Shape Ltd', isActive: false }) });
    const res = await admin.call(httpContract.admin.advertiserStats);
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ advertiserId: okBody(created).id, advertiserName: 'Stats Shape Ltd', totalEmailsSent: 0, lastEmailSent: null, clicks: 0, deleted: false });
  });
});
