import { httpContract, startOfLocalDay, todayIn } from '@fodmap/contracts';
import { eventually } from '@fodmap/testing';
import { describe, expect, it } from '@jest/globals';
import { Locator, Page } from 'playwright-core';
import { gone, pageApi, seen, SEEN_WITHIN_MS, signedUpPhone, stillShot, suiteBrowser, toastSeen } from '../support/browser';

const HOUR_MS = 3_600_000;
/** The insights are projected from the journal's events: they catch up with a change within this. */
const PROJECTED_WITHIN_MS = 30_000;


/**
 * A fixed-offset zone where it is now mid-afternoon, so that noon on the phone's clock is today and already past for
 * the server, which refuses times in the future (Etc/GMT-N is UTC+N).
 */
function afternoonZone(now: Date): string {
  const offset = 14 - now.getUTCHours();
  return offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

const shot = (page: Page, name: string) => stillShot(page, `daily-loop-${name}`);

async function openTab(page: Page, name: 'Home' | 'Diary' | 'Insights', shown: Locator): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
  await seen(shown);
}

async function addToBuilder(page: Page, builder: Locator, typed: string, pick: RegExp): Promise<void> {
  await builder.getByLabel('Add a food').fill(typed);
  const option = page.getByRole('option', { name: pick }).first();
  await seen(option);
  await option.click();
  await eventually(async () => expect(await builder.getByRole('list', { name: 'Foods in this meal' }).getByRole('listitem').filter({ hasText: pick }).count()).toBe(1), SEEN_WITHIN_MS);
}

const figure = (page: Page, label: 'Meals logged' | 'Symptoms') =>
  page.getByRole('region', { name: "Today's Overview" }).getByRole('group', { name: label }).locator('p').first();

describe('the daily loop on a phone (issue 18)', () => {
  const browser = suiteBrowser();

  it('logs a breakfast at 08:00 from the builder at noon and a symptom at 11:05, corrects both, and the diary, the day’s figures and insights follow', async () => {
    const zone = afternoonZone(new Date());
    const page = await signedUpPhone(browser(), 'dailyloop', 'Lena', { timezoneId: zone });
    await toastSeen(page, 'Welcome!');
    const today = todayIn(zone);
    const midnight = startOfLocalDay(today, zone).getTime();
    // The phone's clock says noon today; the app reads it afresh.
    await page.clock.setFixedTime(new Date(midnight + 12 * HOUR_MS));
    await page.reload();
    await seen(page.getByRole('region', { name: "Today's Overview" }));

    const mealWrites: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith(httpContract.meals.create.path) && request.method() !== 'GET') mealWrites.push(`${request.method()} ${path}`);
    });

    // Breakfast at 08:00, from the builder: the type first, then its usual time (a new person's: 08:00).
    await page.getByRole('button', { name: 'Start a meal' }).click();
    const builder = page.getByRole('dialog', { name: 'Build Your Meal' });
    await seen(builder);
    await addToBuilder(page, builder, 'egg hard', /^Egg, hard-boiled/);
    await addToBuilder(page, builder, 'white rice', /^White rice/);
    await builder.getByLabel('Meal Name').fill('Breakfast');
    await builder.getByRole('button', { name: 'Breakfast', exact: true }).click();
    await builder.getByRole('button', { name: /^Usual breakfast 8:00/ }).click();
    expect(await builder.getByLabel('When did you eat?').inputValue()).toBe(`${today}T08:00`);
    await builder.getByLabel('When did you eat?').scrollIntoViewIfNeeded();
    await shot(page, '1-builder');
    const saved = page.waitForRequest((request) => new URL(request.url()).pathname === httpContract.meals.create.path && request.method() === 'POST');
    await builder.getByRole('button', { name: 'Save Meal' }).click();
    await toastSeen(page, 'Success', 'Meal created with 2 food items');
    await gone(builder);
    // One request, carrying the foods and the time the person gave.
    const body = (await saved).postDataJSON() as { mealType: string; timestamp: string; foods: unknown[] };
    expect(body).toMatchObject({ mealType: 'breakfast', name: 'Breakfast', timestamp: new Date(midnight + 8 * HOUR_MS).toISOString() });
    expect(body.foods).toHaveLength(2);
    expect(mealWrites).toEqual([`POST ${httpContract.meals.create.path}`]);

    // Bloating at 11:05, from the dashboard's quick tiles (the section loads as the page scrolls near it).
    await page.getByRole('region', { name: 'Symptom Check' }).scrollIntoViewIfNeeded();
    await page.getByRole('region', { name: 'Symptom Check' }).getByRole('button', { name: 'Bloating' }).click();
    const form = page.getByRole('dialog', { name: 'Log Symptom' });
    await seen(form);
    await form.getByLabel('When did it start?').fill(`${today}T11:05`);
    await form.getByRole('button', { name: 'Log Symptom' }).click();
    await toastSeen(page, 'Symptom logged successfully');
    await gone(form);

    // The Diary: today as it happened, breakfast and then the symptom.
    await openTab(page, 'Diary', page.getByRole('heading', { level: 1, name: 'Food Diary' }));
    const timeline = page.getByRole('list', { name: /^Meals and symptoms/ });
    const breakfast = timeline.getByRole('article', { name: 'Breakfast' });
    const bloating = timeline.getByRole('article', { name: 'Bloating' });
    await seen(bloating);
    expect(await timeline.getByRole('article').evaluateAll((entries) => entries.map((entry) => entry.getAttribute('aria-label')))).toEqual(['Breakfast', 'Bloating']);
    expect(await breakfast.textContent()).toMatch(/Breakfast · 8:00/);
    expect(await bloating.textContent()).toMatch(/11:05/);
    expect(await bloating.textContent()).toContain('Mild');

    // Breakfast was at 07:30 really: Edit in its details.
    await breakfast.getByRole('button', { name: 'Open Breakfast' }).click();
    const details = page.getByRole('dialog', { name: /^Breakfast/ });
    await seen(details);
    await details.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit meal' });
    await seen(edit);
    expect(await edit.getByLabel('When did you eat?').inputValue()).toBe(`${today}T08:00`);
    await edit.getByLabel('When did you eat?').fill(`${today}T07:30`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await toastSeen(page, 'Meal updated');
    await gone(edit);
    await details.getByRole('button', { name: 'Close' }).click();
    await gone(details);
    await eventually(async () => expect(await breakfast.textContent()).toMatch(/Breakfast · 7:30/), SEEN_WITHIN_MS);

    // And the bloating was severe.
    await bloating.getByRole('button', { name: 'Edit Bloating' }).click();
    const correction = page.getByRole('dialog', { name: 'Edit Symptom' });
    await seen(correction);
    await correction.getByRole('button', { name: 'Severe' }).click();
    await correction.getByRole('button', { name: 'Save' }).click();
    await toastSeen(page, 'Symptom updated');
    await gone(correction);
    await eventually(async () => expect(await bloating.textContent()).toContain('Severe'), SEEN_WITHIN_MS);
    expect(await bloating.textContent()).toMatch(/11:05/);
    await shot(page, '2-diary');

    // The day's figures: one meal, one symptom, the meal at its corrected time.
    await openTab(page, 'Home', page.getByRole('region', { name: "Today's Overview" }));
    await eventually(async () => expect(await figure(page, 'Meals logged').textContent()).toBe('1'), SEEN_WITHIN_MS);
    await eventually(async () => expect(await figure(page, 'Symptoms').textContent()).toBe('1'), SEEN_WITHIN_MS);
    await page.getByRole('region', { name: "Today's meals" }).scrollIntoViewIfNeeded();
    const todaysBreakfast = page.getByRole('region', { name: "Today's meals" }).getByRole('article', { name: 'Breakfast' });
    await seen(todaysBreakfast);
    await eventually(async () => expect(await todaysBreakfast.textContent()).toMatch(/7:30/), SEEN_WITHIN_MS);

    // Insights: the day's row once the projection has the day, and its meals at the corrected time.
    const api = pageApi(page);
    await eventually(async () => {
      const day = (await api(httpContract.insights.activity, { query: { period: '7' } })).dailyData.find((entry) => entry.date === today);
      expect(day).toMatchObject({ mealsCount: 1, symptomCount: 1 });
    }, PROJECTED_WITHIN_MS);
    await openTab(page, 'Insights', page.getByRole('heading', { level: 1, name: 'Insights' }));
    const language = await page.evaluate(() => navigator.language);
    const shortDate = new Intl.DateTimeFormat(language, { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(new Date(`${today}T12:00:00Z`));
    const row = page.getByRole('region', { name: 'Advanced Analytics' }).getByRole('button', { name: new RegExp(`^${shortDate}: .*, 1 symptom$`) });
    await seen(row);
    await row.click();
    const dayMeals = page.getByRole('dialog', { name: `Meals for ${shortDate}` });
    await seen(dayMeals);
    await eventually(async () => expect(await dayMeals.getByRole('article').count()).toBe(1), SEEN_WITHIN_MS);
    expect(await dayMeals.getByRole('article').first().textContent()).toMatch(/7:30/);
    await shot(page, '3-insights-day');
  });
});
