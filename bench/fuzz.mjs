// Fuzz of every /api route with malformed input: prints the count of responses by status, one line per response >= 500,
// and exits 1 when there is any (a malformed request is the client's fault: 4xx, never 5xx).
//
// The cases are fixed by a seed (FUZZ_SEED, default 6): wrong types, huge/negative/non-finite numbers, NUL bytes, lone
// surrogates (JSON escapes and raw bytes), deep nesting, arrays for objects, prototype-pollution keys, overlong strings,
// bad Content-Type/charset/Content-Encoding, truncated and mis-framed bodies, bad multipart, path traversal and odd
// paths, odd methods, huge headers and bad cookies. Requests go over raw sockets so that nothing is cleaned up on the way.
// State-changing requests carry `Origin: <gateway>` unless the case is about the Origin.
//
// Needs the built apps (`npm run build`) and PostgreSQL, NATS (JetStream) and Redis as for the tests.
//   node bench/fuzz.mjs                                starts the whole stack of its own and removes it afterwards
//   GATEWAY_URL=http://localhost:3000 node bench/fuzz.mjs   fuzzes a running stack (it registers users there; the admin
//                                                      routes need ADMIN_EMAILS=fuzz-admin@fuzz.example on it)
// FUZZ_CONCURRENCY (default 6) requests are in flight at once.
// The stack runs without STRIPE_SECRET_KEY, so the subscription routes answer their documented 503 ('not configured',
// issue 11) whatever they are sent: those are counted apart, not as failures. Their validation with Stripe configured is
// covered by apps/e2e/src/api/subscription.e2e-spec.ts and identity's subscription tests.
import { connect as connectTcp } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { confirmEmail, httpContract, pathTo, require, root, seededRandom, signUp, startStack } from './lib/stack.mjs';

const { contractRoutes, SubscriptionMessages } = require(join(root, 'libs/contracts/dist/index.js'));
const { auth, admin: adminRoutes, foods, meals, symptoms, account, platform } = httpContract;

const SEED = Number(process.env.FUZZ_SEED ?? 6);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 6);
const TIMEOUT_MS = 20_000;
const rand = seededRandom(SEED);
const pick = (list) => list[Math.floor(rand() * list.length)];

/**
 * The fuzzer's own records, made through the API before the cases are built, so that valid requests reach the service
 * with ids it knows: a meal to add foods to, one holding an entry to remove, one each to complete, repeat and delete,
 * one whose time and entry are corrected, a symptom to delete, one to correct, and a catalogue food.
 */
const fixtures = {};

async function prepareFixtures(base, cookie) {
  const call = callAs(base, cookie, 'Preparing the fuzz records');
  const [food] = await call(foods.search, {}, undefined, '?q=egg');
  const meal = async (withFood) => {
    const { id } = await call(meals.create, {}, { mealType: 'dinner', name: 'Fuzz fixture', timestamp: '2025-11-22T19:00:00.000Z' });
    const entryId = withFood ? (await call(meals.addFood, { id }, { foodId: food.id, quantity: 1, servingUnit: 'serving' })).foods[0].id : undefined;
    return { id, entryId };
  };
  const withEntry = await meal(true);
  const toCorrect = await meal(true);
  Object.assign(fixtures, {
    foodId: food.id,
    openMeal: (await meal(false)).id,
    entry: { mealId: withEntry.id, entryId: withEntry.entryId },
    mealToComplete: (await meal(true)).id,
    mealToRepeat: (await meal(true)).id,
    mealToDelete: (await meal(true)).id,
    symptom: (await call(symptoms.log, {}, { symptomType: 'gas', severity: 'mild' })).id,
    // Corrected over and over, never removed or deleted by another route of the run.
    entryToCorrect: { mealId: toCorrect.id, entryId: toCorrect.entryId },
    symptomToCorrect: (await call(symptoms.log, {}, { symptomType: 'pain', severity: 'mild' })).id,
  });
}

/** The admin's records for the /api/admin routes: an advertiser to edit, one to delete, and two admin user entries. */
async function prepareAdminFixtures(base, cookie) {
  const call = callAs(base, cookie, 'Preparing the fuzz admin records');
  Object.assign(fixtures, {
    advertiserId: (await call(adminRoutes.createAdvertiser, {}, advertiserBody(0))).id,
    advertiserToDelete: (await call(adminRoutes.createAdvertiser, {}, advertiserBody(1))).id,
    adminUserId: (await call(adminRoutes.createAdminUser, {}, { email: 'fuzz-entry@fuzz.example', firstName: 'Fuzz', lastName: 'Entry' })).id,
    adminUserToDelete: (await call(adminRoutes.createAdminUser, {}, { email: 'fuzz-gone@fuzz.example', firstName: 'Fuzz', lastName: 'Gone' })).id,
  });
}

/** A JSON call of a contract route with a session, for the fixtures: its answer, or a thrown error naming the step. */
function callAs(base, cookie, step) {
  return async (route, params, body, query = '') => {
    const path = pathTo(route, params) + query;
    const res = await fetch(base + path, { method: route.method, headers: { Cookie: cookie, Origin: base, Accept: 'application/json', 'Content-Type': 'application/json' }, body: body && JSON.stringify(body) });
    if (!res.ok) throw new Error(`${step}: ${route.method} ${path} answered ${res.status} ${await res.text()}`);
    return res.json();
  };
}

const advertiserBody = (n) => ({
  name: `Fuzz advertiser ${n}`,
  productName: 'Fuzz product',
  description: 'A product',
  ctaText: 'Buy',
  ctaLink: 'https://shop.example/fuzz',
  sponsorMessage: 'Sponsored',
  disclaimerText: null,
  isActive: true,
  priority: 5,
});

/**
 * Listed in ADMIN_EMAILS of the stack this bench starts, so the admin routes are fuzzed past the guard (a running
 * stack given by GATEWAY_URL needs it in its ADMIN_EMAILS too).
 */
const FUZZ_ADMIN_EMAIL = 'fuzz-admin@fuzz.example';

/** The fuzz admin's session: registered on a fresh stack, signed in on one where it already exists. */
async function signUpAdmin(base) {
  const password = 'Fuzz-Admin-Password-1';
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json', Origin: base };
  let res = await fetch(base + auth.register.path, { method: 'POST', headers, body: JSON.stringify({ email: FUZZ_ADMIN_EMAIL, password, confirmPassword: password, firstName: 'Fuzz', lastName: 'Admin' }) });
  if (res.status === 409) res = await fetch(base + auth.login.path, { method: 'POST', headers, body: JSON.stringify({ email: FUZZ_ADMIN_EMAIL, password }) });
  if (!res.ok) throw new Error(`Signing in the fuzz admin failed: ${res.status} ${await res.text()}`);
  return { cookie: res.headers.getSetCookie().find((cookie) => cookie.startsWith('fodmap.sid=')).split(';')[0] };
}

/**
 * A valid request to mutate for routes of the HTTP contract (libs/contracts/src/http), by area and name; `params` gives
 * the path's values (the fixtures' ids). `session: 'none'` marks routes whose success replaces or ends the session
 * (sign-in, sign-up, sign-out, reset) and the email links that need no sign-in, which are sent without the fuzzer's own
 * cookie; `session: 'admin'` routes are sent with the admin's. The routes fuzzed are the contract's: one missing here is
 * fuzzed from its contract example (or a generic body), and a name here that the contract lacks stops the run.
 */
const VALID = {
  'auth.register': { session: 'none', body: (n) => ({ email: `fuzz.${n}@example.com`, password: 'Fuzz-Password-1', confirmPassword: 'Fuzz-Password-1', firstName: 'Fuzz', lastName: 'Case', timeZone: 'Europe/Berlin' }) },
  'auth.login': { session: 'none', body: (n) => ({ email: `fuzz.${n % 7}@example.com`, password: 'Fuzz-Password-1' }) },
  'auth.logout': { session: 'none', body: () => ({}) },
  // Would end the fuzzer's own session (and every other of the account): sent without it.
  'auth.logoutAll': { session: 'none', body: () => ({}) },
  'auth.signInPage': {},
  'account.user': {},
  'account.notifications': { body: () => ({ emailNotifications: true, mealNotifications: false }) },
  'account.profile': { body: (n) => ({ condition: 'ibs', dietPhase: 'elimination', timeZone: n % 2 ? 'Europe/Berlin' : 'America/Chicago', onboarding: 'answered' }) },
  'account.uploadPhoto': {},
  // A wrong current password (403, then 429 once the sign-in counter is spent): the fuzzer's password never changes.
  'account.changePassword': { body: () => ({ currentPassword: 'Not-The-Password-1', newPassword: 'Fuzz-Password-2!', confirmPassword: 'Fuzz-Password-2!' }) },
  // Never the fuzzer's password: a valid erasure would delete the account the rest of the run signs in with.
  'account.erase': { body: () => ({ password: 'Not-The-Fuzz-Password-1' }) },
  'auth.forgotPassword': { body: (n) => ({ email: `fuzz.${n % 5}@example.com` }) },
  'auth.resetPassword': { session: 'none', body: () => ({ token: 'a'.repeat(43), newPassword: 'New-Password-1!', confirmPassword: 'New-Password-1!' }) },
  'auth.verifyEmail': { session: 'none', body: () => ({ token: 'a'.repeat(43) }) },
  'auth.resendVerification': { body: () => ({}) },
  'subscription.status': {},
  'platform.domainConfig': {},
  'foods.list': {},
  'foods.catalogue': {},
  'foods.whatsNew': {},
  'foods.search': { query: { q: 'garlic' } },
  'foods.get': { params: () => ({ id: fixtures.foodId }) },
  'foods.quickAdd': { body: (n) => ({ name: `Fuzz food ${n}`, fodmapRating: 'low', description: 'A food', servingSize: '1 cup', foodType: 'other' }) },
  'meals.create': [
    { body: (n) => ({ mealType: 'lunch', name: `Fuzz meal ${n}`, timestamp: '2025-11-22T12:00:00.000Z', notes: 'Fine' }) },
    { body: (n) => ({ mealType: 'dinner', name: `Fuzz built meal ${n}`, timestamp: '2025-11-22T19:00:00.000Z', foods: [{ foodId: fixtures.foodId, quantity: 1, servingUnit: 'serving' }, { foodId: fixtures.foodId, quantity: 2.5, servingUnit: 'g' }] }) },
  ],
  'meals.update': { params: () => ({ id: fixtures.entryToCorrect.mealId }), body: (n) => ({ mealType: 'lunch', name: `Fuzz corrected ${n}`, timestamp: '2025-11-22T12:30:00.000Z', notes: 'Fine' }) },
  'meals.updateFood': { params: () => ({ id: fixtures.entryToCorrect.mealId, entryId: fixtures.entryToCorrect.entryId }), body: (n) => ({ quantity: 1 + (n % 10) / 10, servingUnit: 'serving' }) },
  'symptoms.update': { params: () => ({ id: fixtures.symptomToCorrect }), body: () => ({ symptomType: 'gas', severity: 'moderate', notes: 'Fine', mealId: fixtures.entryToCorrect.mealId, timestamp: '2025-11-22T14:30:00.000Z' }) },
  'meals.list': { query: { todayOnly: 'false', date: '2025-11-22' } },
  'meals.get': { params: () => ({ id: fixtures.openMeal }) },
  'meals.addFood': { params: () => ({ id: fixtures.openMeal }), body: () => ({ foodId: fixtures.foodId, quantity: 1.5, servingUnit: 'serving' }) },
  'meals.removeFood': { params: () => ({ id: fixtures.entry.mealId, entryId: fixtures.entry.entryId }) },
  'meals.complete': { params: () => ({ id: fixtures.mealToComplete }) },
  'meals.repeat': { params: () => ({ id: fixtures.mealToRepeat }), body: () => ({ timestamp: '2025-11-22T13:00:00.000Z' }) },
  'meals.remove': { params: () => ({ id: fixtures.mealToDelete }) },
  'symptoms.log': { body: () => ({ symptomType: 'bloating', severity: 'mild', notes: 'Fine', mealId: fixtures.openMeal, timestamp: '2025-11-22T14:00:00.000Z' }) },
  'symptoms.list': { query: { date: '2025-11-22' } },
  'symptoms.remove': { params: () => ({ id: fixtures.symptom }) },
  'dashboard.stats': {},
  'dashboard.education': {},
  'insights.activity': { query: { startDate: '2025-11-01', endDate: '2025-11-22', period: '30', _t: '1' } },
  'insights.correlation': { query: { period: '90', afterFrom: '1', afterTo: '8' } },
  'insights.fodmapGroups': { query: { period: '30', afterFrom: '4', afterTo: '8' } },
  'account.photo': { params: () => ({ name: '1-00000000-0000-4000-8000-000000000000.png' }) },
  'account.export': [{ query: { format: 'json' } }, { query: { format: 'csv' } }],
  'platform.health': {},
  'admin.advertisers': { session: 'admin' },
  'admin.createAdvertiser': { session: 'admin', body: advertiserBody },
  'admin.updateAdvertiser': { session: 'admin', params: () => ({ id: fixtures.advertiserId }), body: advertiserBody },
  'admin.deleteAdvertiser': { session: 'admin', params: () => ({ id: fixtures.advertiserToDelete }) },
  'admin.adminUsers': { session: 'admin' },
  'admin.createAdminUser': { session: 'admin', body: (n) => ({ email: `fuzz-admin-${n}@fuzz.example`, firstName: 'Fuzz', lastName: 'Admin', isActive: true }) },
  'admin.updateAdminUser': { session: 'admin', params: () => ({ id: fixtures.adminUserId }), body: (n) => ({ email: 'fuzz-entry@fuzz.example', firstName: `Fuzz ${n}`, lastName: 'Entry', isActive: true }) },
  'admin.deleteAdminUser': { session: 'admin', params: () => ({ id: fixtures.adminUserToDelete }) },
  'admin.emailStats': { session: 'admin' },
  'admin.advertiserStats': { session: 'admin' },
  'emails.testDailySummary': { body: () => ({}) },
  'emails.testMealEmail': { body: (n) => ({ email: `someone.${n}@example.com`, userId: n }) },
  'emails.testSymptomLink': { body: () => ({}) },
  'emails.previewSymptomLink': { session: 'none', query: { token: 'a'.repeat(43), symptom: 'bloating', severity: '2' } },
  'emails.redeemSymptomLink': { session: 'none', body: () => ({ token: 'a'.repeat(43), symptom: 'bloating', severity: 2 }) },
  'emails.unsubscribe': { session: 'none', body: () => ({ token: 'a'.repeat(43) }) },
  'emails.sponsoredClick': { session: 'none', params: () => ({ advertiserId: fixtures.advertiserId }) },
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const raw = (text) => ({ raw: Buffer.from(text, 'latin1') });
const deep = (depth, leaf) => Array.from({ length: depth }).reduce((inner) => ({ a: inner }), leaf);

/** Values put in place of one field of a valid body; `raw` values are bytes written into the JSON text as they are. */
const BAD_VALUES = [
  ['null', null], ['true', true], ['0', 0], ['-1', -1], ['1.5', 1.5], ['2^31', 2 ** 31], ['1e308', 1e308], ['-1e308', -1e308],
  ['2^53+1', raw('9007199254740993')], ['1e400 (Infinity)', raw('1e400')], ['-1e400', raw('-1e400')], ['NaN', raw('NaN')], ['-0', raw('-0')], ['hex', raw('0x10')],
  ['empty', ''], ['blank', ' \t\n'], ['10k chars', 'a'.repeat(10_000)], ['120k chars', 'a'.repeat(120_000)],
  ['NUL', '\u0000'], ['NUL inside', 'a\u0000b@example.com'], ['lone high surrogate', '\ud800'], ['lone low surrogate', 'x\udfffy'],
  ['raw surrogate bytes', raw('"a\xED\xA0\x80b"')], ['raw invalid UTF-8', raw('"\xFF\xFE"')], ['raw overlong UTF-8', raw('"\xC0\xAF"')], ['raw NUL byte', raw('"a\x00b"')],
  ['control chars', '\u0001\u001b[31m\u007f'], ['RTL override', '\u202egnp.exe'], ['emoji', '😀'.repeat(60)], ['combining', 'e\u0301'.repeat(500)],
  ['html', '<script>alert(1)</script>'], ['sql', "' OR 1=1 --"], ['template', '${7*7}{{7*7}}'], ['traversal', '../../../../etc/passwd'],
  ['array', []], ['array of value', ['x']], ['object', {}], ['operator object', { $gt: '' }], ['__proto__ object', JSON.parse('{"__proto__":{"isAdmin":true}}')],
  ['deep object', deep(2000, 1)], ['bad date', '2024-02-30T25:61:00Z'], ['year 0001', '0001-01-01T00:00:00Z'], ['beyond max date', '+275760-09-13T00:00:00.001Z'],
  ['numeric string', '1'], ['bool string', 'true'],
];

/** Whole bodies: valid JSON of the wrong shape, and text that is not JSON. */
const BAD_BODIES = [
  ['empty', ''], ['null', 'null'], ['array', '[]'], ['string', '"x"'], ['number', '42'], ['true', 'true'],
  ['deep array', '['.repeat(45_000) + ']'.repeat(45_000)], ['deep object', '{"a":'.repeat(15_000) + '1' + '}'.repeat(15_000)],
  ['__proto__', '{"__proto__":{"isAdmin":true,"userId":1}}'], ['constructor.prototype', '{"constructor":{"prototype":{"isAdmin":true}}}'],
  ['duplicate keys', '{"email":"a@example.com","email":{"x":1}}'], ['truncated JSON', '{"email":"a@exa'], ['trailing garbage', '{}garbage'],
  ['single quotes', "{'a':1}"], ['BOM', '\uFEFF{}'], ['raw NUL', '{"a":"\x00"}'], ['raw surrogate', '{"a":"\xED\xA0\x80"}'], ['invalid UTF-8', '\xFF\xFE\xFD'],
  ['huge number', `{"a":1${'0'.repeat(5000)}}`], ['huge exponent', '{"a":1e99999999}'], ['200 kB', JSON.stringify({ a: 'b'.repeat(200_000) })],
  ['many keys', JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])))],
];

/** Content-Type, Content-Encoding and framing around an otherwise valid JSON body. */
function framings(text) {
  const body = Buffer.from(text);
  const json = 'application/json';
  return [
    ['no Content-Type', { headers: [] , body }],
    ['text/plain', { headers: [['Content-Type', 'text/plain']], body }],
    ['charset=latin1', { headers: [['Content-Type', `${json}; charset=latin1`]], body }],
    ['charset=utf-16le', { headers: [['Content-Type', `${json}; charset=utf-16le`]], body: Buffer.from(text, 'utf16le') }],
    ['charset=utf-7', { headers: [['Content-Type', `${json}; charset=utf-7`]], body }],
    ['charset=bogus', { headers: [['Content-Type', `${json}; charset=bogus`]], body }],
    ['Content-Type garbage', { headers: [['Content-Type', ';;;/=\u0001'.replace('\u0001', '')]], body }],
    ['two Content-Types', { headers: [['Content-Type', json], ['Content-Type', 'text/plain']], body }],
    ['vnd+json', { headers: [['Content-Type', 'application/vnd.api+json']], body }],
    ['form urlencoded', { headers: [['Content-Type', 'application/x-www-form-urlencoded']], body: Buffer.from('a=1&a[b]=2&__proto__[x]=1') }],
    ['multipart without boundary', { headers: [['Content-Type', 'multipart/form-data']], body }],
    ['multipart with JSON body', { headers: [['Content-Type', 'multipart/form-data; boundary=XYZ']], body }],
    ['gzip', { headers: [['Content-Type', json], ['Content-Encoding', 'gzip']], body: gzipSync(body) }],
    ['gzip garbage', { headers: [['Content-Type', json], ['Content-Encoding', 'gzip']], body }],
    ['deflate garbage', { headers: [['Content-Type', json], ['Content-Encoding', 'deflate']], body }],
    ['br garbage', { headers: [['Content-Type', json], ['Content-Encoding', 'br']], body }],
    ['unknown encoding', { headers: [['Content-Type', json], ['Content-Encoding', 'x-fuzz']], body }],
    ['gzip, gzip', { headers: [['Content-Type', json], ['Content-Encoding', 'gzip, gzip']], body: gzipSync(body) }],
    ['gzip bomb', { headers: [['Content-Type', json], ['Content-Encoding', 'gzip']], body: gzipSync(Buffer.alloc(20_000_000, 0x20)) }],
    ['Content-Length too large (truncated)', { headers: [['Content-Type', json], ['Content-Length', String(body.length + 50)]], body, halfClose: true }],
    ['Content-Length too small', { headers: [['Content-Type', json], ['Content-Length', String(Math.max(0, body.length - 5))]], body }],
    ['Content-Length negative', { headers: [['Content-Type', json], ['Content-Length', '-1']], body }],
    ['Content-Length and chunked', { headers: [['Content-Type', json], ['Content-Length', '3'], ['Transfer-Encoding', 'chunked']], body: Buffer.from(`${body.length.toString(16)}\r\n${text}\r\n0\r\n\r\n`) }],
    ['bad chunk size', { headers: [['Content-Type', json], ['Transfer-Encoding', 'chunked']], body: Buffer.from(`zz\r\n${text}\r\n0\r\n\r\n`) }],
    ['Expect 100-continue', { headers: [['Content-Type', json], ['Expect', '100-continue']], body }],
    ['Expect garbage', { headers: [['Content-Type', json], ['Expect', 'fuzz']], body }],
    ['Origin missing', { headers: [['Content-Type', json]], body, noOrigin: true }],
    ['Origin foreign', { headers: [['Content-Type', json], ['Origin', 'https://evil.example']], body, noOrigin: true }],
    ['Origin null', { headers: [['Content-Type', json], ['Origin', 'null']], body, noOrigin: true }],
  ];
}

const PATH_VALUES = [
  '0', '-1', '1.5', 'NaN', 'Infinity', '1e3', '9007199254740993', '99999999999999999999', '0x10', ' 1', '%00', '1%00', '%ED%A0%80',
  '%ff', '%', '%zz', '..%2f..%2fetc%2fpasswd', '..%5c..%5cwindows', '1%2f2', '%2e%2e', '__proto__', 'constructor', "1'", 'a'.repeat(5000), '9'.repeat(400),
  '1-00000000-0000-4000-8000-000000000000.png%00.txt', '1-00000000-0000-4000-8000-000000000000.svg', '..', '.',
];

const QUERY_VALUES = ['', 'a', '%00', 'a%00b', '%ED%A0%80', '%ud800', '%ff', '%', '%zz', 'a'.repeat(10_000), '%F0%9F%98%80'.repeat(40), '..%2f..%2f'];
const QUERY_SHAPES = (name) => [`${name}=a&${name}=b`, `${name}[]=ab`, `${name}[a]=bc`, `${name}[__proto__][x]=1`, '__proto__[isAdmin]=1', 'constructor[prototype][x]=1', `${name}`, '&&&', '%%%', `${name}=${'x'.repeat(100)}&`.repeat(300)];

const ODD_PATHS = [
  '//api/health', '/API/health', '/Api/Health', '/api//health', '/api/health/', '/api/./health', '/api/../api/health', '/api/%2e%2e/api/health',
  '/api%2fhealth', '/api/health%2f', '/api/health%00', '/api/health%', '/api/health?%', '/%', '/api/%', '/api/%ff', '/api/%ED%A0%80', '/api/%u0041',
  '/api/foods/%2e%2e%2f%2e%2e%2fetc%2fpasswd', '/..%2f..%2fetc%2fpasswd', '/../../etc/passwd', '/api/photos/..%2f..%2fpackage.json',
  '/assets/%2e%2e/%2e%2e/package.json', '/admin/..%2f..%2fpackage.json', '/admin/%2e%2e/api/health', '/api/nonexistent', '/api/auth/user;jsessionid=x',
  '/api/auth/user.json', '/api/health\\', '/api\\health', `/api/${'a'.repeat(10_000)}`, `/api/health?${'x=1&'.repeat(3000)}`, 'http://evil.example/api/health',
  '*', 'api/health', '/api/health#fragment', '/api/health%23x', '/api/\u00e9', '/index.html', '/admin/', '/admin', '/favicon.ico%00',
];

const ODD_METHODS = ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND', 'SEARCH', 'MKCOL', 'FUZZ', 'get'];

/** Cookies that are not a valid session of this gateway. */
function badCookies(valid) {
  const [name, value] = valid.split('=');
  const sid = decodeURIComponent(value).slice(2).split('.')[0];
  return [
    ['empty sid', `${name}=`], ['garbage', `${name}=garbage`], ['unsigned s:', `${name}=s:abc.def`], ['encoded unsigned', `${name}=s%3Aabc.def`],
    ['bad percent', `${name}=%`], ['bad percent 2', `${name}=%E0%A4%A`], ['wrong signature', `${name}=${encodeURIComponent(`s:${sid}.AAAA`)}`],
    ['duplicate, bad first', `${name}=bad; ${valid}`], ['duplicate, good first', `${valid}; ${name}=bad`], ['8 kB value', `${name}=${'a'.repeat(8000)}`],
    ['many cookies', Array.from({ length: 400 }, (_, i) => `c${i}=${i}`).join('; ')], ['no equals', name], ['only separators', ';;;; ; ;'],
    ['__proto__ cookie', `__proto__=x; constructor=y; ${valid}`], ['raw surrogate bytes', `${name}=\xED\xA0\x80`], ['quoted', `${name}="${value}"`],
  ];
}

const HEADER_CASES = [
  ['20 kB header', [['X-Fuzz', 'a'.repeat(20_000)]]], ['200 headers', Array.from({ length: 200 }, (_, i) => [`X-Fuzz-${i}`, String(i)])],
  ['X-Forwarded-Host garbage', [['X-Forwarded-Host', '\xED\xA0\x80..%00']]], ['X-Forwarded-Host long', [['X-Forwarded-Host', 'a'.repeat(5000)]]],
  ['X-Forwarded-Host list', [['X-Forwarded-Host', 'a.example, b.example, ']]], ['X-Forwarded-For garbage', [['X-Forwarded-For', 'not-an-ip, ::zz, 999.1.1.1']]],
  ['X-Forwarded-Proto garbage', [['X-Forwarded-Proto', 'gopher']]], ['Host empty', [['Host', '']], { noHost: true }], ['Host unicode', [['Host', 'ex\xC3\xA4mple.example']], { noHost: true }],
  ['Host port garbage', [['Host', '127.0.0.1:notaport']], { noHost: true }], ['Host long', [['Host', `${'a'.repeat(300)}.example`]], { noHost: true }],
  ['no Host', [], { noHost: true }], ['two Hosts', [['Host', 'a.example'], ['Host', 'b.example']], { noHost: true }],
  ['Accept garbage', [['Accept', '*/*;q=foo, ;;;']]], ['Accept-Encoding garbage', [['Accept-Encoding', 'gzip;q=NaN, br;q=-1, *;q=2']]],
  ['Range', [['Range', 'bytes=999999-1']]], ['If-None-Match garbage', [['If-None-Match', '"' + 'x'.repeat(500)]]], ['If-Modified-Since garbage', [['If-Modified-Since', 'yesterday']]],
  ['Accept-Language long', [['Accept-Language', 'en;q=0.1,'.repeat(500)]]], ['header with NUL', [['X-Fuzz', 'a\x00b']]], ['header obs-fold', [['X-Fuzz', 'a\r\n b']]],
  ['header no colon', [['X-Fuzz-No-Colon', null]]], ['HTTP/1.0', [], { version: 'HTTP/1.0' }], ['HTTP/2.0 line', [], { version: 'HTTP/2.0' }],
  ['Connection: upgrade', [['Connection', 'Upgrade'], ['Upgrade', 'websocket']]],
];

/** Multipart bodies for the photo upload. */
function multipartCases() {
  const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);
  const part = (boundary, headers, content) => Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`, 'latin1'), Buffer.from(content), Buffer.from('\r\n')]);
  const file = (boundary, name = 'photo', filename = 'a.png', content = png, type = 'image/png') =>
    part(boundary, `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}`, content);
  const field = (boundary, name, value) => part(boundary, `Content-Disposition: form-data; name="${name}"`, value);
  const end = (boundary) => Buffer.from(`--${boundary}--\r\n`);
  const ct = (boundary) => [['Content-Type', `multipart/form-data; boundary=${boundary}`]];
  const b = 'fuzzBoundary';
  const cases = [
    ['valid PNG', ct(b), Buffer.concat([file(b), end(b)])],
    ['no final boundary', ct(b), file(b)],
    ['truncated part', ct(b), file(b).subarray(0, 60)],
    ['wrong boundary', ct('other'), Buffer.concat([file(b), end(b)])],
    ['empty boundary', [['Content-Type', 'multipart/form-data; boundary=']], Buffer.concat([file(b), end(b)])],
    ['200-char boundary', ct('x'.repeat(200)), Buffer.concat([file('x'.repeat(200)), end('x'.repeat(200))])],
    ['quoted boundary', [['Content-Type', `multipart/form-data; boundary="${b}"`]], Buffer.concat([file(b), end(b)])],
    ['other field name', ct(b), Buffer.concat([file(b, 'avatar'), end(b)])],
    ['two files', ct(b), Buffer.concat([file(b), file(b), end(b)])],
    ['60 text fields', ct(b), Buffer.concat([...Array.from({ length: 60 }, (_, i) => field(b, `f${i}`, 'x'.repeat(1000))), file(b), end(b)])],
    ['1 MB text field', ct(b), Buffer.concat([field(b, 'note', 'x'.repeat(1_000_000)), file(b), end(b)])],
    ['10 kB field name', ct(b), Buffer.concat([field(b, 'n'.repeat(10_000), 'x'), file(b), end(b)])],
    ['part without headers', ct(b), Buffer.concat([Buffer.from(`--${b}\r\n\r\nxyz\r\n`), end(b)])],
    ['no Content-Disposition name', ct(b), Buffer.concat([part(b, 'Content-Disposition: form-data; filename="a.png"', png), end(b)])],
    ['traversal filename', ct(b), Buffer.concat([file(b, 'photo', '../../../etc/passwd.png'), end(b)])],
    ['NUL filename', ct(b), Buffer.concat([file(b, 'photo', 'a\x00.png'), end(b)])],
    ['surrogate filename', ct(b), Buffer.concat([file(b, 'photo', 'a\xED\xA0\x80.png'), end(b)])],
    ['not an image', ct(b), Buffer.concat([file(b, 'photo', 'a.png', '<svg onload=alert(1)>', 'image/svg+xml'), end(b)])],
    ['empty file', ct(b), Buffer.concat([file(b, 'photo', 'a.png', Buffer.alloc(0)), end(b)])],
    ['6 MB file', ct(b), Buffer.concat([file(b, 'photo', 'a.png', Buffer.concat([png, Buffer.alloc(6_000_000)])), end(b)])],
    ['nested multipart/mixed', ct(b), Buffer.concat([part(b, 'Content-Disposition: form-data; name="photo"\r\nContent-Type: multipart/mixed; boundary=inner', `--inner\r\n\r\nx\r\n--inner--`), end(b)])],
    ['header injection', ct(b), Buffer.concat([part(b, 'Content-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\nX: \xff\xfe', png), end(b)])],
    ['gzip multipart', [...ct(b), ['Content-Encoding', 'gzip']], gzipSync(Buffer.concat([file(b), end(b)]))],
    ['JSON body', [['Content-Type', 'application/json']], Buffer.from('{"photo":"x"}')],
    ['no body', ct(b), Buffer.alloc(0)],
  ];
  return cases.map(([label, headers, body]) => [label, { headers, body }]);
}

/** One request over its own TCP connection, written byte for byte; the answer's status, content type and first bytes. */
function send(target, request) {
  const url = new URL(target.base);
  const lines = [`${request.method} ${request.path} ${request.version ?? 'HTTP/1.1'}`];
  if (!request.noHost) lines.push(`Host: ${url.host}`);
  lines.push('Connection: close');
  if (!request.noOrigin && STATE_CHANGING.has(request.method)) lines.push(`Origin: ${target.base}`);
  if (request.cookie !== undefined) lines.push(`Cookie: ${request.cookie}`);
  const headers = request.headers ?? [];
  for (const [name, value] of headers) lines.push(value === null ? name : `${name}: ${value}`);
  const body = request.body ?? null;
  const framed = headers.some(([name]) => /^(content-length|transfer-encoding)$/i.test(name));
  if (body && !framed) lines.push(`Content-Length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return new Promise((resolve) => {
    const chunks = [];
    const socket = connectTcp({ host: url.hostname, port: Number(url.port) });
    const timer = setTimeout(() => socket.destroy(), TIMEOUT_MS);
    socket.on('connect', () => {
      socket.write(body ? Buffer.concat([head, body]) : head);
      if (request.halfClose) socket.end();
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      // Skip interim 1xx answers (100 Continue) to the final one.
      let at = 0;
      let final = null;
      while (!final) {
        const status = /^HTTP\/1\.[01] (\d{3})/.exec(text.slice(at))?.[1];
        const headersEnd = text.indexOf('\r\n\r\n', at);
        if (!status || headersEnd < 0) return resolve({ status: 'no response' });
        if (status.startsWith('1')) at = headersEnd + 4;
        else final = { status, headers: text.slice(at, headersEnd), rest: text.slice(headersEnd + 4) };
      }
      const contentType = /^content-type:\s*([^\r\n;]*)/im.exec(final.headers)?.[1] ?? '';
      resolve({ status: Number(final.status), contentType, snippet: final.rest.replace(/[^\x20-\x7e]+/g, ' ').slice(0, 160) });
    });
  });
}

/** Every route of the contract, with its valid requests (several for a route that has more than one kind). */
function fuzzedRoutes() {
  const declared = contractRoutes();
  const stale = Object.keys(VALID).filter((key) => !declared.some(({ area, name }) => `${area}.${name}` === key));
  if (stale.length > 0) throw new Error(`bench/fuzz.mjs has valid requests for routes the contract does not declare: ${stale.join(', ')}`);
  return declared.flatMap(({ area, name, route }) => {
    const valid = VALID[`${area}.${name}`];
    if (!valid) console.log(`note: ${route.method} ${route.path} (${area}.${name}) has no valid request in bench/fuzz.mjs; fuzzed from its contract example`);
    return [valid ?? fromContract(route)].flat().map((request) => ({ method: route.method, path: route.path, multipart: Boolean(route.upload), answers: answerType(route), ...request }));
  });
}

/** What the route answers on success: JSON, or the media types of the file it serves (the API reference page, a photo, an export). */
function answerType(route) {
  return route.response.kind === 'file' ? route.response.mediaTypes : 'json';
}

/** A success of a route that serves a file, of a type it declares (`image/*` any image): not a JSON answer missed. */
function declaredFile(answers, status, contentType) {
  if (!Array.isArray(answers) || status < 200 || status >= 300) return false;
  const [actualType, actualSubtype] = contentType.split(';')[0].trim().toLowerCase().split('/');
  return answers.some((answer) => {
    const [type, subtype] = answer.split('/');
    return actualType === type && (subtype === '*' || actualSubtype === subtype);
  });
}

/** A valid request as far as the contract tells: its example body, `1` for each path parameter, the session its access needs. */
function fromContract(route) {
  return {
    session: route.access === 'admin' ? 'admin' : route.access === 'emailLink' || route.access === 'stripeSignature' ? 'none' : undefined,
    body: route.body || (STATE_CHANGING.has(route.method) && !route.upload) ? () => route.example ?? { name: 'x' } : undefined,
    params: () => Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, '1'])),
  };
}

function concretePath(route, params = route.params?.() ?? {}) {
  return route.path.replace(/:(\w+)/g, (_, name) => params[name] ?? '1');
}

function jsonWith(value, key, replacement) {
  if (replacement?.raw) {
    const marker = '\u0007fuzz\u0007';
    const [before, after] = JSON.stringify({ ...value, [key]: marker }).split(JSON.stringify(marker));
    return Buffer.concat([Buffer.from(before), replacement.raw, Buffer.from(after)]);
  }
  const copy = { ...value };
  Object.defineProperty(copy, key, { value: replacement, enumerable: true, writable: true, configurable: true });
  return Buffer.from(JSON.stringify(copy));
}

/** Every case for one route: [label, request]. */
function casesFor(route, counter) {
  const cases = [];
  const path = concretePath(route);
  const base = { method: route.method, path: route.query ? `${path}?${new URLSearchParams(route.query)}` : path, mainSession: route.session !== 'none', adminSession: route.session === 'admin' };
  const add = (label, request) => cases.push([label, { ...base, ...request }]);
  add('valid', route.multipart ? multipartCases()[0][1] : route.body ? { headers: [['Content-Type', 'application/json']], body: Buffer.from(JSON.stringify(route.body(counter()))) } : {});

  if (route.body) {
    const json = [['Content-Type', 'application/json']];
    const example = route.body(0);
    for (const key of Object.keys(example)) {
      for (const [label, value] of BAD_VALUES) add(`${key}=${label}`, { headers: json, body: jsonWith(route.body(counter()), key, value) });
      const without = route.body(counter());
      delete without[key];
      add(`without ${key}`, { headers: json, body: Buffer.from(JSON.stringify(without)) });
    }
    for (const key of ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'isAdmin', 'userId', 'caller']) {
      add(`extra ${key}`, { headers: json, body: jsonWith(route.body(counter()), key, key === 'toString' ? 1 : { isAdmin: true, userId: 1 }) });
    }
    for (const [label, text] of BAD_BODIES) add(`body ${label}`, { headers: json, body: Buffer.from(text, 'latin1') });
    for (const [label, framing] of framings(JSON.stringify(route.body(counter())))) add(label, framing);
    // Seeded combinations: two fields broken at once.
    const keys = Object.keys(example);
    for (let i = 0; i < 20 && keys.length > 1; i++) {
      const [first, second] = [pick(keys), pick(keys)];
      const [labelA, valueA] = pick(BAD_VALUES.filter(([, value]) => !value?.raw));
      const [labelB, valueB] = pick(BAD_VALUES.filter(([, value]) => !value?.raw));
      add(`${first}=${labelA} & ${second}=${labelB}`, { headers: json, body: Buffer.from(JSON.stringify({ ...route.body(counter()), [first]: valueA, [second]: valueB })) });
    }
  } else if (route.multipart) {
    for (const [label, request] of multipartCases().slice(1)) add(`multipart ${label}`, request);
  } else if (STATE_CHANGING.has(route.method)) {
    for (const [label, text] of BAD_BODIES.slice(0, 8)) add(`body ${label}`, { headers: [['Content-Type', 'application/json']], body: Buffer.from(text, 'latin1') });
  } else {
    add('GET with a JSON body', { headers: [['Content-Type', 'application/json']], body: Buffer.from('{"__proto__":{"x":1}}') });
  }

  const params = route.params?.() ?? {};
  for (const name of Object.keys(params)) {
    for (const value of PATH_VALUES) add(`:${name}=${value.slice(0, 40)}`, { path: concretePath(route, { ...params, [name]: value }) });
  }
  const queryNames = Object.keys(route.query ?? { x: '' });
  for (const name of queryNames) {
    for (const value of QUERY_VALUES) add(`?${name}=${value.slice(0, 30)}`, { path: `${path}?${name}=${value}` });
    for (const shape of QUERY_SHAPES(name)) add(`?${shape.slice(0, 40)}`, { path: `${path}?${shape}` });
  }
  for (const method of ODD_METHODS.filter((method) => method !== route.method)) add(`method ${method}`, { method });
  return cases;
}

function globalCases(cookie) {
  const cases = [];
  for (const path of ODD_PATHS) {
    cases.push([`GET ${path.slice(0, 60)}`, { method: 'GET', path, mainSession: true }]);
    cases.push([`POST ${path.slice(0, 60)}`, { method: 'POST', path, headers: [['Content-Type', 'application/json']], body: Buffer.from('{}'), mainSession: true }]);
  }
  for (const [label, value] of badCookies(cookie)) {
    for (const path of [account.user.path, platform.health.path, meals.create.path]) {
      const method = path === meals.create.path ? 'POST' : 'GET';
      const body = method === 'POST' ? Buffer.from(JSON.stringify({ mealType: 'lunch', name: 'x', timestamp: '2025-01-01T00:00:00Z' })) : undefined;
      cases.push([`cookie ${label} ${method} ${path}`, { method, path, cookie: value, headers: body ? [['Content-Type', 'application/json']] : [], body }]);
    }
  }
  for (const [label, headers, options = {}] of HEADER_CASES) {
    for (const path of [account.user.path, platform.domainConfig.path]) cases.push([`header ${label} GET ${path}`, { method: 'GET', path, headers, mainSession: true, ...options }]);
  }
  cases.push(['request line garbage', { method: 'GET /api/health HTTP/1.1\r\nX:', path: '/x' }]);
  cases.push(['CONNECT', { method: 'CONNECT', path: '127.0.0.1:22' }]);
  return cases;
}

async function main() {
  const started = Date.now();
  const stack = await startStack({ env: { ADMIN_EMAILS: FUZZ_ADMIN_EMAIL } });
  let failed = false;
  try {
    const target = { base: stack.gatewayUrl };
    const person = await signUp(stack.gatewayUrl, 'fuzz');
    await prepareFixtures(stack.gatewayUrl, person.cookie);
    const admin = await signUpAdmin(stack.gatewayUrl);
    // A listed address gives admin rights only once its account has proven it (issue 20).
    await confirmEmail(stack.gatewayUrl, stack.mailUrl, FUZZ_ADMIN_EMAIL);
    await prepareAdminFixtures(stack.gatewayUrl, admin.cookie);
    const routes = fuzzedRoutes();
    let n = 0;
    const counter = () => ++n;
    const cases = [...routes.flatMap((route) => casesFor(route, counter).map(([label, request]) => [`${route.method} ${route.path} ${label}`, { answers: route.answers, ...request }])), ...globalCases(person.cookie)];
    console.log(`fuzzing ${routes.length} routes with ${cases.length} requests (seed ${SEED}, ${CONCURRENCY} at once) at ${stack.gatewayUrl}`);

    const byStatus = new Map();
    const serverErrors = [];
    let notConfigured = 0;
    const nonJsonApi = [];
    const unanswered = [];
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const [label, request] = cases[next++];
        const cookie = request.cookie ?? (request.adminSession ? admin.cookie : request.mainSession ? person.cookie : undefined);
        const result = await send(target, { ...request, cookie });
        byStatus.set(result.status, (byStatus.get(result.status) ?? 0) + 1);
        if (result.status === 'no response') unanswered.push(label.slice(0, 140));
        if (result.status === 503 && result.snippet.includes(SubscriptionMessages.notConfigured)) notConfigured += 1;
        else if (typeof result.status === 'number' && result.status >= 500) serverErrors.push(`${result.status} ${label.slice(0, 140)}  ->  ${result.snippet}`);
        const apiPath = decodeURIComponentSafe(request.path).toLowerCase().replace(/\/+/g, '/').startsWith('/api');
        if (apiPath && !(result.status >= 300 && result.status < 400) && result.contentType && !result.contentType.includes('json') && !declaredFile(request.answers, result.status, result.contentType) && request.method !== 'HEAD') nonJsonApi.push(`${result.status} ${result.contentType} ${label.slice(0, 120)}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    console.log('\nresponses by status');
    for (const [status, count] of [...byStatus].sort(([a], [b]) => String(a).localeCompare(String(b)))) console.log(`  ${String(status).padEnd(12)} ${count}`);
    console.log(`\n/api requests answered with something other than JSON (or the file their route declares): ${nonJsonApi.length}`);
    for (const line of nonJsonApi.slice(0, 15)) console.log(`  ${line}`);
    if (nonJsonApi.length > 15) console.log(`  … and ${nonJsonApi.length - 15} more`);
    console.log(`\nconnections closed without an answer (the HTTP parser refusing the bytes, or a half-closed body): ${unanswered.length}`);
    for (const line of unanswered) console.log(`  ${line}`);
    console.log(`\nsubscription routes answering their documented 503 (no STRIPE_SECRET_KEY in this stack): ${notConfigured}`);
    console.log(`\nresponses >= 500: ${serverErrors.length}`);
    for (const line of serverErrors) console.log(`  ${line}`);
    console.log(`\n${cases.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s including start-up`);
    failed = serverErrors.length > 0;
  } finally {
    await stack.stop();
  }
  process.exit(failed ? 1 : 0);
}

function decodeURIComponentSafe(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

await main();
