// Initial JavaScript and CSS of each screen of the phone app (and the admin app), as a phone downloads them.
//
// Prints, per route, the JS and CSS files the page requests until it has rendered and the network is quiet, with their
// size raw, gzip (level 9) and brotli (quality 11): what the gateway sends a browser that accepts either encoding,
// since the build precompresses with those settings. Files loaded only later (a dialog, another screen) are not
// counted; each route starts with an empty cache. Asserts nothing.
//
// Needs the built SPAs (`npx nx run-many -t build -p web admin`) and Chromium (/usr/bin/chromium or CHROMIUM_PATH);
// no database, NATS or gateway: this script serves apps/web/dist and apps/admin/dist itself and answers /api with
// fixed replies (signed in or signed out as the route needs), so only the front end is measured.
//   node bench/web-size.mjs
//   WEB_SIZE_FILES=1 node bench/web-size.mjs    also lists each route's files with their gzip size (on stderr)
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIST_FILES = Boolean(process.env.WEB_SIZE_FILES);
const SPAS = [
  { base: '/admin/', dir: join(root, 'apps/admin/dist') },
  { base: '/', dir: join(root, 'apps/web/dist') },
];

/** [route, who is looking]: signed-out screens, a first visit (the start page) and the signed-in tabs. */
const ROUTES = [
  ['/start', 'first visit'],
  ['/login', 'signed out'],
  ['/forgot-password', 'signed out'],
  ['/', 'signed in'],
  ['/dashboard', 'signed in'],
  ['/search', 'signed in'],
  ['/diary', 'signed in'],
  ['/insights', 'signed in'],
  ['/profile', 'signed in'],
  ['/subscribe', 'signed in'],
  ['/log-symptom?token=bench&symptom=bloating&severity=2', 'signed out'],
  ['/admin/', 'admin'],
];

const USER = {
  id: 1,
  email: 'bench@example.com',
  emailVerified: true,
  firstName: 'Bench',
  lastName: 'Mark',
  profileImageUrl: null,
  isAdmin: false,
  emailNotifications: true,
  mealNotifications: false,
  timeZone: 'Europe/London',
  createdAt: '2026-01-01T00:00:00.000Z',
};
/** A catalogue row; the lookup asks for pages (`?limit=6`, 20 in full view), and gets as many as it asks for. */
const food = (id) => ({ id, name: `Food ${id}`, description: null, servingSize: '1 medium (118 g)', caloriesPerServing: 105, fodmapRating: 'low', foodType: 'fruit', isPrivate: false });
const foods = (query) => Array.from({ length: Math.min(Number(query.get('limit') ?? 20), 20) }, (_, index) => food(index + 1));

const SNAPSHOT = {
  ...food(1),
  servingGrams: 118,
  oligoGroup: 'other',
  ibsTriggerType: null,
  ...Object.fromEntries(['fructans', 'galactans', 'excessFructose', 'sorbitol', 'mannitol', 'xylitol', 'lactose'].map((key) => [key, 0])),
};
/** One meal logged today, as a person who has started using the app sees the dashboard. */
const MEAL = {
  id: 1,
  name: 'Food 1 meal',
  mealType: 'breakfast',
  timestamp: new Date().toISOString(),
  completed: false,
  notes: null,
  foods: [{ id: 1, foodId: 1, quantity: 1, servingUnit: 'medium', servingSize: '1 medium (118 g)', fodmapRating: 'low', ratingAtQuantity: 'low', grams: 118, calories: 105, food: SNAPSHOT }],
  symptoms: [],
  fodmapScore: 0,
  fodmapBand: 'low',
  unknownFoods: 0,
  stacking: { groups: [], stacked: [], unknownFoods: 0 },
  totalCalories: 105,
};
/** The Insights screen's week: today's meal, and six days before it with nothing logged. */
const ACTIVITY = {
  dailyData: Array.from({ length: 7 }, (_, index) => ({
    date: new Date(Date.now() - index * 86_400_000).toISOString().slice(0, 10),
    mealsCount: index === 0 ? 1 : 0,
    avgFodmapRisk: index === 0 ? 10 : null,
    symptomCount: 0,
  })),
  summary: { totalSymptoms: 0, avgFodmapRisk: 10, daysWithSymptoms: 0 },
  meta: { serverVersion: '1.0.0', environment: 'bench', timestamp: new Date().toISOString() },
};
const STATS = { todayScore: 100, todayBand: 'excellent', mealsLogged: 1, symptomsCount: 0, unknownFoods: 0, stackingWarnings: [] };

/** The API as the screens need it to render, for a person with one meal logged today; anything not listed answers an empty list. */
function apiReply(url, viewer) {
  const path = url.pathname;
  if (path === '/api/auth/user') {
    if (viewer === 'signed in') return [200, USER];
    if (viewer === 'admin') return [200, { ...USER, isAdmin: true }];
    return [401, { message: 'Unauthorized' }];
  }
  if (path === '/api/domain-config') return [404, { message: 'Not found' }];
  if (path === '/api/subscription-status') return [200, { status: 'trial', daysLeft: 10, subscriptionEndsAt: '2026-12-31T00:00:00.000Z' }];
  if (path === '/api/foods/catalogue') return [200, { version: 'bench', foodCount: 20 }];
  if (path.startsWith('/api/foods')) return [200, foods(url.searchParams)];
  if (path === '/api/dashboard/stats') return [200, STATS];
  if (path === '/api/meals') return [200, [MEAL]];
  if (path === '/api/insights/activity') return [200, ACTIVITY];
  if (path === '/api/admin/email-stats') return [200, { totalSent: 0, totalUsers: 0, lastSent: null, campaignsByType: [] }];
  if (path === '/api/log-symptom') return [200, { symptomType: 'bloating', severity: 'moderate', mealName: 'Porridge', expiresAt: '2026-12-31T00:00:00.000Z' }];
  if (path === '/api/insights/fodmap-groups') return [200, { period: 30, window: { fromHours: 1, toHours: 8 }, mealsAnalysed: 0, symptomaticMeals: 0, groups: [] }];
  return [200, []];
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };

/** The built file a URL names, or the SPA's index.html for a client-side route. */
function fileFor(urlPath) {
  const spa = SPAS.find(({ base }) => urlPath.startsWith(base)) ?? SPAS[1];
  const file = normalize(join(spa.dir, urlPath.slice(spa.base.length)));
  if (file.startsWith(spa.dir) && statSync(file, { throwIfNoEntry: false })?.isFile()) return file;
  return join(spa.dir, 'index.html');
}

function startServer() {
  const server = createServer((req, res) => {
    const file = fileFor(new URL(req.url, 'http://localhost').pathname);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function sizes(file) {
  const body = readFileSync(file);
  return {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }).length,
  };
}

async function measure(browser, origin, route, viewer) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  // The start page stands in for every route on a first visit (spec §2); other routes are measured as a returning visit.
  if (viewer !== 'first visit') await context.addInitScript(() => sessionStorage.setItem('hasSeenStartPage', 'true'));
  await context.route('**/api/**', (request) => {
    const [status, body] = apiReply(new URL(request.request().url()), viewer);
    return request.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  });
  const page = await context.newPage();
  const files = new Map();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && ['script', 'stylesheet'].includes(request.resourceType())) files.set(url.pathname, request.resourceType());
  });
  await page.goto(origin + route, { waitUntil: 'networkidle' });
  // The screen's heading and title, printed so a route that rendered the wrong screen (or nothing) shows in the table.
  const heading = (await page.locator('h1, h2').first().textContent({ timeout: 5_000 }).catch(() => null)) ?? '(no heading)';
  const title = await page.title();
  await context.close();

  const total = { js: { raw: 0, gzip: 0, brotli: 0 }, css: { raw: 0, gzip: 0, brotli: 0 } };
  for (const [path, type] of files) {
    const size = sizes(fileFor(path));
    if (LIST_FILES) console.error(`${route} ${path} ${(size.gzip / 1024).toFixed(1)} KB gzip`);
    const sum = total[type === 'script' ? 'js' : 'css'];
    for (const key of Object.keys(sum)) sum[key] += size[key];
  }
  return { route, viewer, heading: heading.trim(), title, files: files.size, ...total };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

const server = await startServer();
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const rows = [];
  for (const [route, viewer] of ROUTES) rows.push(await measure(browser, origin, route, viewer));
  console.log('initial JS and CSS per route, KB (1,024 bytes); gzip -9 and brotli -q 11 as the build precompresses');
  console.log('route             viewer       files   JS raw  JS gzip  JS br   CSS raw  CSS gzip  CSS br  heading | title');
  for (const row of rows) {
    console.log(
      [
        row.route.padEnd(17),
        row.viewer.padEnd(12),
        String(row.files).padStart(5),
        kb(row.js.raw).padStart(8),
        kb(row.js.gzip).padStart(8),
        kb(row.js.brotli).padStart(7),
        kb(row.css.raw).padStart(8),
        kb(row.css.gzip).padStart(9),
        kb(row.css.brotli).padStart(7),
        ` ${row.heading} | ${row.title}`,
      ].join(' '),
    );
  }
} finally {
  await browser.close();
  server.close();
}
