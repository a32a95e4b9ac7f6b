import { httpContract, Rpc } from '@fodmap/contracts';
import { eventually } from '@fodmap/testing';
import { describe, expect, it } from '@jest/globals';
import { pageApi, seen, SEEN_WITHIN_MS, signedUpPhone, suiteBrowser } from '../support/browser';
import { ServiceRpc } from '../support/service-rpc';

const HOUR_MS = 3_600_000;
/** More meals than the gateway's first page (100), so the Diary's whole history takes two pages of meals. */
const MEALS = 120;
const SYMPTOMS = 10;

describe("the Diary's whole history on a phone (issue 20)", () => {
  const browser = suiteBrowser();

  it('shows the newest entries first and the older ones as the person scrolls to the end, each once, to the first meal', async () => {
    const page = await signedUpPhone(browser(), 'diary-history', 'Hal');
    const api = pageApi(page);
    const { id: userId, timeZone } = await api(httpContract.account.user);
    // A meal every five hours going back 25 days, and a symptom after every twelfth meal, straight to the journal as the
    // person: through the gateway 130 writes would meet the person's write rate (120 a minute).
    const now = Date.now();
    const journal = await ServiceRpc.connect();
    try {
      for (let batch = 0; batch < MEALS; batch += 20) {
        await Promise.all(
          Array.from({ length: 20 }, (_, offset) => batch + offset + 1).map((number) =>
            journal.send(Rpc.journal.createMeal, {
              caller: { userId, timeZone },
              input: { name: `Meal ${number}`, mealType: 'snack', timestamp: new Date(now - (MEALS + 1 - number) * 5 * HOUR_MS).toISOString() },
            }),
          ),
        );
      }
      for (let number = 1; number <= SYMPTOMS; number += 1) {
        // Half an hour after meal 12, 24, …: each falls between two meals, the first near the end of the second page.
        const after = number * 12;
        await journal.send(Rpc.journal.logSymptom, {
          caller: { userId, timeZone },
          input: { symptomType: 'bloating', severity: 'mild', notes: `Symptom ${number}`, timestamp: new Date(now - (MEALS + 1 - after) * 5 * HOUR_MS + HOUR_MS / 2).toISOString() },
        });
      }
    } finally {
      await journal.close();
    }

    const pageReads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if ([httpContract.meals.list.path, httpContract.symptoms.list.path].some((path) => path === url.pathname) && !url.searchParams.has('date') && !url.searchParams.has('todayOnly')) pageReads.push(url.pathname + url.search);
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Diary' }).click();
    await page.waitForURL('**/diary');
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/diary' && url.searchParams.get('view') === 'all');

    const meal = (number: number) => page.getByRole('article', { name: `Meal ${number}`, exact: true });
    await seen(meal(MEALS));
    // The first page of meals ends at meal 21: meal 1 is not read yet.
    expect(await meal(1).count()).toBe(0);
    expect(await page.getByText('The beginning of your diary').isVisible()).toBe(false);

    // Scrolling to the end, and again as more arrives, until the end marker shows.
    await eventually(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await page.getByText('The beginning of your diary').isVisible()).toBe(true);
    }, 60_000);
    await seen(meal(1));
    expect(pageReads.some((read) => /^\/api\/meals\?cursor=/.test(read))).toBe(true);

    // Every meal and symptom once, newest first, across the page boundary.
    const shown = await page.getByRole('article').evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label') ?? ''));
    const mealNumbers = shown.filter((name) => name.startsWith('Meal ')).map((name) => Number(name.slice(5)));
    expect(mealNumbers).toEqual(Array.from({ length: MEALS }, (_, index) => MEALS - index));
    expect(shown.filter((name) => name === 'Bloating')).toHaveLength(SYMPTOMS);
    // A symptom sits between the meal after it and the meal it followed: Symptom 1 (after meal 12) above meal 12.
    const firstSymptom = shown.lastIndexOf('Bloating');
    expect(shown.slice(firstSymptom - 1, firstSymptom + 2)).toEqual(['Meal 13', 'Bloating', 'Meal 12']);
    await eventually(async () => expect(await page.getByRole('progressbar', { name: 'Loading older entries' }).count()).toBe(0), SEEN_WITHIN_MS);
    await page.context().close();
  });
});
