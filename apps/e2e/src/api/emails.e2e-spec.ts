import { AdminMessages, Messages, NotificationsMessages, SubscriptionMessages, httpContract } from '@fodmap/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { ApiSession, catalogueFood, emailsTo, expectOk, messageOf, okBody, registerUser, signInFirstAdmin } from '../support/api';
import { provided } from '../support/provided';

type Email = Awaited<ReturnType<typeof emailsTo>>[number];

/** The newest email to `address` that `matches`, waiting for it to arrive. */
async function emailMatching(address: string, matches: (email: Email) => boolean, timeoutMs = 20_000): Promise<Email> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await emailsTo(address)).find(matches);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No matching email reached ${address} within ${timeoutMs / 1000} s`);
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'" };
/** An attribute's text as a mail client reads it (handlebars writes `=` as &#x3D; and `&` as &amp;). */
const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) =>
    name.startsWith('#x') ? String.fromCodePoint(parseInt(name.slice(2), 16)) : name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : (NAMED_ENTITIES[name] ?? entity),
  );
/** Every link of an email's HTML, as a mail client would follow it. */
const linksOf = (email: Email): URL[] => [...(email.html ?? '').matchAll(/href="([^"]+)"/g)].map(([, href]) => new URL(decodeEntities(href)));
const linkTo = (email: Email, path: string, query: Record<string, string> = {}): URL => {
  const link = linksOf(email).find((url) => url.pathname === path && Object.entries(query).every(([key, value]) => url.searchParams.get(key) === value));
  if (!link) throw new Error(`No ${path} link with ${JSON.stringify(query)} in the email '${email.subject}'`);
  return link;
};
const tokenOf = (link: URL) => link.searchParams.get('token') ?? '';
const isMealEmail = (email: Email) => (email.html ?? '').includes('/log-symptom?');
/** A daily summary: neither a meal email nor the confirmation email every person gets first (issue 20). */
const isDailySummary = (email: Email) => !isMealEmail(email) && !email.subject.startsWith('Confirm your email');

/** Profile's three test buttons, which share one allowance. */
const TEST_SENDS = [httpContract.emails.testDailySummary, httpContract.emails.testMealEmail, httpContract.emails.testSymptomLink];

/** Waits out the gateway's short account cache (a change made by another service shows within it). */
async function accountOf(api: ApiSession, settled: (user: { emailNotifications: boolean; mealNotifications: boolean }) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const body = okBody(await api.call(httpContract.account.user));
    if (settled(body) || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function completedMeal(api: ApiSession, name: string): Promise<number> {
  const meal = await api.call(httpContract.meals.create, { body: { mealType: 'lunch', name, timestamp: new Date().toISOString() } });
  expectOk(meal);
  const egg = await catalogueFood(api, 'Egg, hard-boiled');
  expect((await api.call(httpContract.meals.addFood, { params: { id: meal.body.id }, body: { foodId: egg.id, quantity: 2, servingUnit: 'serving' } })).status).toBe(201);
  expect((await api.call(httpContract.meals.complete, { params: { id: meal.body.id } })).status).toBe(200);
  return meal.body.id as number;
}

let sponsorId: number;
beforeAll(async () => {
  // One active advertiser at least, so every daily summary carries a sponsored block.
  const admin = await signInFirstAdmin();
  const created = await admin.call(httpContract.admin.createAdvertiser, { body: {
    name: 'Email Sponsor',
    productName: 'Gentle Broth',
    description: 'A low FODMAP broth.',
    ctaText: 'Get the broth',
    ctaLink: 'https://broth.example/shop?ref=email',
    priority: 1,
  } });
  expectOk(created);
  sponsorId = created.body.id;
});

describe('test emails from Profile', () => {
  it('sends the test daily summary and the test meal email to the signed-in person alone, whatever the body names', async () => {
    const ann = await registerUser('test-ann', 'Ann');
    const bob = await registerUser('test-bob', 'Bob');
    const daily = await ann.api.call(httpContract.emails.testDailySummary);
    expect(daily).toMatchObject({ status: 200, body: { message: NotificationsMessages.testEmailSent } });
    expect(daily.headers.get('cache-control')).toBe('no-store');
    await emailMatching(ann.email, isDailySummary);

    const meal = await ann.api.send(httpContract.emails.testMealEmail, { body: { email: bob.email, userId: bob.user.id } });
    expect(meal.status).toBe(200);
    expect(meal.body.message).toEqual(expect.any(String));
    const mealEmail = await emailMatching(ann.email, isMealEmail);
    expect(mealEmail.html).toContain('Bloating · moderate');
    // Bob's inbox holds his confirmation email and nothing since.
    expect((await emailsTo(bob.email)).map((email) => email.subject)).toEqual([expect.stringMatching(/^Confirm your email/)]);
  });

  it('answers the preset symptom link (bloating, severity 2) for the caller', async () => {
    const { api } = await registerUser('test-link');
    const res = await api.call(httpContract.emails.testSymptomLink);
    expectOk(res);
    const link = new URL(res.body.url);
    expect(`${link.origin}${link.pathname}`).toBe(`${provided('gatewayUrl')}/log-symptom`);
    expect([link.searchParams.get('symptom'), link.searchParams.get('severity')]).toEqual(['bloating', '2']);
    const preview = await new ApiSession().call(httpContract.emails.previewSymptomLink, { query: { token: tokenOf(link) } });
    expect(preview).toMatchObject({ status: 200, body: { symptomType: 'bloating', severity: 'moderate' } });
  });

  it('allows five test sends per person in ten minutes across the three buttons, also when they arrive at once', async () => {
    const { api } = await registerUser('test-throttle');
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => api.call(TEST_SENDS[i % 3])));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(5);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(3);
    for (const res of refused) {
      expect(messageOf(res)).toBe(NotificationsMessages.tooManyTestEmails(Number(res.headers.get('retry-after'))));
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another person's allowance is their own.
    expect((await (await registerUser('test-throttle-other')).api.call(httpContract.emails.testSymptomLink)).status).toBe(200);
  });

  it('asks a visitor to sign in, and refuses a body that is not JSON with 400', async () => {
    for (const route of TEST_SENDS) {
      expect(await new ApiSession().call(route)).toMatchObject({ status: 401, body: { message: Messages.unauthorized } });
    }
    const { api } = await registerUser('test-malformed');
    expect(await api.send(httpContract.emails.testMealEmail, { body: '{"email": "a@exa' })).toMatchObject({ status: 400, body: { message: Messages.malformedJson } });
  });
});

describe('the meal email and its one-tap symptom links', () => {
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let mealId: number;
  let mealEmail: Email;
  beforeAll(async () => {
    owner = await registerUser('meal-email', 'Mia');
    expect(okBody(await owner.api.call(httpContract.account.notifications, { body: { mealNotifications: true } })).mealNotifications).toBe(true);
    mealId = await completedMeal(owner.api, 'Email egg lunch');
    mealEmail = await emailMatching(owner.email, isMealEmail);
  });

  it("logs 'Bloating · moderate' from the link without a sign-in, once, linked to the meal", async () => {
    expect(mealEmail.html).toContain('Email egg lunch');
    expect(mealEmail.html).toContain('Bloating · moderate');
    const link = linkTo(mealEmail, '/log-symptom', { symptom: 'bloating', severity: '2' });
    const token = tokenOf(link);
    // The token carries neither the address nor the meal's name.
    expect(Buffer.from(token.split('.')[0], 'base64url').toString()).not.toMatch(/@|Email egg lunch/);

    const visitor = new ApiSession();
    const preview = await visitor.send(httpContract.emails.previewSymptomLink, { query: { token, symptom: 'bloating', severity: '2' } });
    expect(preview).toMatchObject({ status: 200, body: { symptomType: 'bloating', severity: 'moderate', mealName: 'Email egg lunch', expiresAt: expect.any(String) } });
    expect(preview.headers.get('cache-control')).toBe('no-store');

    const logged = await visitor.call(httpContract.emails.redeemSymptomLink, { body: { token, symptom: 'bloating', severity: 2 } });
    expect(logged).toMatchObject({ status: 201, body: { message: NotificationsMessages.symptomLogged, symptomType: 'bloating', severity: 'moderate', mealId } });

    const symptoms = okBody(await owner.api.call(httpContract.symptoms.list));
    expect(symptoms.filter((symptom) => symptom.id === okBody(logged).symptomId)).toEqual([expect.objectContaining({ symptomType: 'bloating', severity: 'moderate', mealId })]);

    const again = await visitor.call(httpContract.emails.redeemSymptomLink, { body: { token, symptom: 'bloating', severity: 2 } });
    expect([409, 410]).toContain(again.status);
    expect(again.body.message).toBe(NotificationsMessages.linkUsed);
    expect([409, 410]).toContain((await visitor.call(httpContract.emails.previewSymptomLink, { query: { token } })).status);
  });

  it('refuses a forged token with 400 and a symptom or severity the token does not name', async () => {
    const token = tokenOf(linkTo(mealEmail, '/log-symptom', { symptom: 'gas', severity: '1' }));
    const forged = `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const visitor = new ApiSession();
    expect(await visitor.call(httpContract.emails.redeemSymptomLink, { body: { token: forged, symptom: 'gas', severity: 1 } })).toMatchObject({ status: 400, body: { message: NotificationsMessages.linkInvalid } });
    expect(await visitor.call(httpContract.emails.previewSymptomLink, { query: { token: forged } })).toMatchObject({ status: 400, body: { message: NotificationsMessages.linkInvalid } });
    expect(await visitor.call(httpContract.emails.redeemSymptomLink, { body: { token, symptom: 'gas', severity: 3 } })).toMatchObject({ status: 400, body: { message: NotificationsMessages.linkMismatch } });
    expect(await visitor.call(httpContract.emails.redeemSymptomLink, { body: { token, symptom: 'pain', severity: 1 } })).toMatchObject({ status: 400, body: { message: NotificationsMessages.linkMismatch } });
    expect(await visitor.call(httpContract.emails.previewSymptomLink)).toMatchObject({ status: 400, body: { message: NotificationsMessages.tokenRequired } });
  });

  it('turns meal emails off through the unsubscribe link (JSON), repeatably, without a sign-in', async () => {
    const token = tokenOf(linkTo(mealEmail, '/unsubscribe'));
    const visitor = new ApiSession();
    const expected = { status: 200, body: { preference: 'mealNotifications', message: NotificationsMessages.unsubscribed.mealNotifications } };
    expect(await visitor.call(httpContract.emails.unsubscribe, { body: { token } })).toMatchObject(expected);
    expect(await visitor.call(httpContract.emails.unsubscribe, { body: { token } })).toMatchObject(expected);
    expect(await accountOf(owner.api, (user) => !user.mealNotifications)).toMatchObject({ mealNotifications: false, emailNotifications: true });
  });
});

describe('a symptom link of an account whose trial has ended', () => {
  const db = new Client({ connectionString: provided('databaseUrl') });
  beforeAll(() => db.connect());
  afterAll(() => db.end());

  it('is refused with 402 and the subscribe message, logs nothing, and works once the person subscribes again', async () => {
    const { api, user } = await registerUser('expired-link');
    const link = new URL(okBody(await api.call(httpContract.emails.testSymptomLink)).url);
    const body = { token: tokenOf(link), symptom: 'bloating' as const, severity: 2 };
    await db.query("UPDATE identity.subscriptions SET ends_at = now() - interval '1 day' WHERE user_id = $1", [user.id]);

    const visitor = new ApiSession();
    expect(await visitor.call(httpContract.emails.redeemSymptomLink, { body })).toMatchObject({ status: 402, body: { message: SubscriptionMessages.expiredGated } });
    expect(okBody(await api.call(httpContract.symptoms.list))).toEqual([]);

    // The refused tap did not use the link up.
    await db.query("UPDATE identity.subscriptions SET ends_at = now() + interval '1 day' WHERE user_id = $1", [user.id]);
    expect(await visitor.call(httpContract.emails.redeemSymptomLink, { body })).toMatchObject({ status: 201, body: { symptomType: 'bloating', severity: 'moderate' } });
  });
});

describe('one-click unsubscribe (RFC 8058) from the daily summary', () => {
  it("accepts the mail provider's form POST from another origin and turns daily summaries off", async () => {
    const { api, email } = await registerUser('one-click');
    expect((await api.call(httpContract.emails.testDailySummary)).status).toBe(200);
    const daily = await emailMatching(email, isDailySummary);
    const token = tokenOf(linkTo(daily, '/unsubscribe'));
    const res = await fetch(`${provided('gatewayUrl')}${httpContract.emails.unsubscribe.path}?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://mail.example', 'Sec-Fetch-Site': 'cross-site' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ preference: 'emailNotifications' });
    expect(await accountOf(api, (user) => !user.emailNotifications)).toMatchObject({ emailNotifications: false });
  });

  it('refuses a forged token with 400, and other cross-site POSTs stay refused', async () => {
    const forged = await new ApiSession().call(httpContract.emails.unsubscribe, { body: { token: 'bm90LWEtdG9rZW4.c2lnbmF0dXJl' } });
    expect(forged).toMatchObject({ status: 400, body: { message: expect.any(String) } });
    const crossSite = await fetch(provided('gatewayUrl') + httpContract.emails.redeemSymptomLink.path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://mail.example' },
      body: JSON.stringify({ token: 'x', symptom: 'gas', severity: 1 }),
    });
    expect(crossSite.status).toBe(403);
  });
});

describe('sponsored call-to-action', () => {
  it('redirects with 302 to the advertiser link and counts the click, with no personal data in the URL', async () => {
    const before = okBody(await (await signInFirstAdmin()).call(httpContract.admin.advertiserStats)).find((row) => row.advertiserId === sponsorId);
    const res = await new ApiSession().call(httpContract.emails.sponsoredClick, { params: { advertiserId: sponsorId } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://broth.example/shop?ref=email');
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The same reader (or their mail scanner) following it again is still taken there, but not counted again.
    for (let i = 0; i < 3; i++) {
      const again = await new ApiSession().call(httpContract.emails.sponsoredClick, { params: { advertiserId: sponsorId } });
      expect({ status: again.status, location: again.headers.get('location') }).toEqual({ status: 302, location: 'https://broth.example/shop?ref=email' });
    }
    const after = okBody(await (await signInFirstAdmin()).call(httpContract.admin.advertiserStats)).find((row) => row.advertiserId === sponsorId);
    expect(after?.clicks).toBe((before?.clicks ?? 0) + 1);
  });

  it("is the daily summary's sponsored link", async () => {
    const { api, email } = await registerUser('sponsored-daily');
    expect((await api.call(httpContract.emails.testDailySummary)).status).toBe(200);
    const daily = await emailMatching(email, isDailySummary);
    const sponsored = linksOf(daily).find((url) => /^\/api\/sponsored\/\d+$/.test(url.pathname));
    if (!sponsored) throw new Error('The daily summary carries no sponsored link');
    expect(sponsored.search).toBe('');
    const res = await new ApiSession().raw('GET', sponsored.pathname);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^https?:\/\//);
  });

  it('answers 404 for an unknown advertiser and 400 for an id that is not one', async () => {
    expect(await new ApiSession().call(httpContract.emails.sponsoredClick, { params: { advertiserId: 99999999 } })).toMatchObject({ status: 404, body: { message: AdminMessages.advertiserNotFound } });
    expect(await new ApiSession().call(httpContract.emails.sponsoredClick, { params: { advertiserId: 'javascript:alert(1)' } })).toMatchObject({ status: 400, body: { message: AdminMessages.advertiserIdInvalid } });
  });

  // Last: it uses up this client address's minute of sponsored clicks.
  it('throttles a client that follows sponsored links more than 30 times a minute with a 429 and Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 32; i++) answers.push(await new ApiSession().call(httpContract.emails.sponsoredClick, { params: { advertiserId: sponsorId } }));
    const refused = answers.find((answer) => answer.status === 429);
    expect(answers[0].status).toBe(302);
    expect(refused?.body).toEqual({ message: expect.stringMatching(/^Too many requests from this network/) });
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
