import { eventually } from '@fodmap/testing';
import { describe, expect, it } from '@jest/globals';
import { Locator, Page } from 'playwright-core';
import { gone, seen, SEEN_WITHIN_MS, signedUpPhone, stillShot, suiteBrowser, toastSeen } from '../support/browser';

/** A name as a regular expression matches it literally (food names hold commas, brackets and quotes). */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');


const shot = (page: Page, name: string) => stillShot(page, `journal-${name}`);

/** The big figure of one of Today's Overview's three: '—', '1', '67'. */
const figure = (page: Page, label: 'Today’s score' | 'Meals logged' | 'Symptoms') =>
  page.getByRole('region', { name: "Today's Overview" }).getByRole('group', { name: label }).locator('p').first();

async function figureShows(page: Page, label: 'Today’s score' | 'Meals logged' | 'Symptoms', value: string | RegExp): Promise<void> {
  await eventually(async () => expect(await figure(page, label).textContent()).toMatch(value instanceof RegExp ? value : new RegExp(`^${value}$`)), SEEN_WITHIN_MS);
}

const todaysMeals = (page: Page) => page.getByRole('region', { name: "Today's meals" }).getByRole('article');

/** The dashboard's lower sections load as the page scrolls near them, as a person scrolls down to them. */
const scrollTo = (page: Page, section: "Today's meals" | 'Learn & Tips') => page.getByRole('region', { name: section }).scrollIntoViewIfNeeded();

async function openTab(page: Page, name: 'Home' | 'Diary', url: string, heading: string | RegExp): Promise<void> {
  await page.getByRole('link', { name }).click();
  await page.waitForURL(url);
  await seen(page.getByRole('heading', { name: heading }).first());
}

/** Types into the builder's 'Add a food' and picks the option whose name starts with `pick`. */
async function addToBuilder(page: Page, builder: Locator, typed: string, pick: RegExp, screenshot?: string): Promise<string> {
  const field = builder.getByLabel('Add a food');
  await field.fill(typed);
  const option = page.getByRole('option', { name: pick }).first();
  await seen(option);
  if (screenshot) await shot(page, screenshot);
  const name = (await option.locator('p').first().textContent()) ?? '';
  await option.click();
  await eventually(async () => expect(await builder.getByRole('list', { name: 'Foods in this meal' }).getByText(name, { exact: true }).isVisible()).toBe(true), SEEN_WITHIN_MS);
  return name;
}

describe('a day of the journal on a phone', () => {
  const browser = suiteBrowser();

  it('builds a meal of 3 foods (one typed with a typo), completes it, logs bloating for it, sees the day on the dashboard and in the diary, repeats it and deletes one', async () => {
    const page = await signedUpPhone(browser(), 'journal', 'Maya');
    await toastSeen(page, 'Welcome!');

    // A new person's day: nothing yet, and no score to pretend with.
    await figureShows(page, 'Meals logged', '0');
    await figureShows(page, 'Symptoms', '0');
    await figureShows(page, 'Today’s score', '—');
    await shot(page, '1-empty-dashboard');
    await scrollTo(page, "Today's meals");
    await seen(page.getByText('No meals logged today yet.'));

    // Build Your Meal: three foods from search, one of them misspelt.
    await page.getByRole('button', { name: 'Start a meal' }).click();
    const builder = page.getByRole('dialog', { name: 'Build Your Meal' });
    await seen(builder);
    const chicken = await addToBuilder(page, builder, 'chicken breast roasted', /^Chicken breast, skinless, roasted/);
    const rice = await addToBuilder(page, builder, 'white rice', /^White rice/);
    const garlic = await addToBuilder(page, builder, 'galic', /^Garlic, raw/, '2-typo-search');
    expect(await builder.getByLabel('Meal Name').inputValue()).toBe(`${chicken} & 2 other foods`);
    const foods = builder.getByRole('list', { name: 'Foods in this meal' }).getByRole('listitem');
    expect(await foods.count()).toBe(3);
    expect(await foods.nth(2).textContent()).toContain('High');
    // The meal's risk, its high food named first (issue 18).
    const summary = builder.getByRole('region', { name: 'Meal summary' });
    await seen(summary.getByText(`High: ${garlic}`, { exact: true }));
    await seen(summary.getByText(/^FODMAP risk \d+ · /));
    await shot(page, '3-builder');
    await builder.getByRole('region', { name: 'Meal summary' }).scrollIntoViewIfNeeded();
    await shot(page, '3b-builder-summary');

    const mealName = `${chicken} & 2 other foods`;
    await builder.getByRole('button', { name: 'Save Meal' }).click();
    await toastSeen(page, 'Success', 'Meal created with 3 food items');
    await gone(builder);

    // Today's meals and the overview show it at once.
    await eventually(async () => expect(await todaysMeals(page).count()).toBe(1), SEEN_WITHIN_MS);
    const card = todaysMeals(page).first();
    expect(await card.getByRole('heading').textContent()).toBe(mealName);
    const cardFoods = card.getByRole('list', { name: `Foods in ${mealName}` });
    for (const name of [chicken, rice, garlic]) expect(await cardFoods.getByText(name, { exact: true }).isVisible()).toBe(true);
    await figureShows(page, 'Meals logged', '1');
    await figureShows(page, 'Today’s score', /^\d{1,3}$/);
    const score = Number(await figure(page, 'Today’s score').textContent());
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThan(100); // raw garlic is high FODMAP
    // The day's one meal: its score is 100 minus that meal's FODMAP risk, which the card names as a risk.
    expect(await card.getByText(`High: ${garlic}`, { exact: true }).isVisible()).toBe(true);
    const risk = Number(/^FODMAP risk (\d+) · /.exec((await card.getByText(/^FODMAP risk \d+ · /).textContent()) ?? '')?.[1]);
    expect(score).toBe(100 - risk);
    await shot(page, '4-dashboard-with-meal');
    await card.scrollIntoViewIfNeeded();
    await shot(page, '4b-todays-meals');

    // Open it and complete it.
    await card.getByRole('button', { name: `Open ${mealName}` }).click();
    const details = page.getByRole('dialog', { name: new RegExp(`^${escaped(mealName)}`) });
    await seen(details);
    for (const name of [chicken, rice, garlic]) await seen(details.getByRole('list', { name: `Foods in ${mealName}` }).getByText(name, { exact: true }));
    await shot(page, '5-meal-details');
    await details.getByRole('button', { name: 'Complete' }).click();
    await toastSeen(page, 'Meal Completed!');
    // Said once: the 'Completed' chip, as on the meal's card.
    await seen(details.getByText('Completed', { exact: true }));
    expect(await details.getByText(/completed/i).count()).toBe(1);
    expect(await details.getByRole('button', { name: 'Complete' }).count()).toBe(0);
    await shot(page, '6-meal-completed');
    await details.getByRole('button', { name: 'Close' }).click();
    await gone(details);
    await seen(card.getByText('Completed'));

    // Bloating, moderate, for that meal, from the dashboard's quick tiles.
    const symptomCheck = page.getByRole('region', { name: 'Symptom Check' });
    await symptomCheck.getByRole('button', { name: 'Bloating' }).click();
    const form = page.getByRole('dialog', { name: 'Log Symptom' });
    await seen(form);
    expect(await form.getByLabel('Symptom').evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe('Bloating');
    await form.getByRole('button', { name: 'Moderate' }).click();
    expect(await form.getByRole('button', { name: 'Moderate' }).getAttribute('aria-pressed')).toBe('true');
    const linked = form.getByLabel('Linked meal');
    const mealOption = await linked.locator('option', { hasText: mealName }).getAttribute('value');
    await linked.selectOption(mealOption ?? '');
    await shot(page, '7-symptom-form');
    await form.getByRole('button', { name: 'Log Symptom' }).click();
    await toastSeen(page, 'Symptom logged successfully');
    await gone(form);

    await figureShows(page, 'Symptoms', '1');
    await figureShows(page, 'Meals logged', '1');
    const todaySymptoms = symptomCheck.getByRole('list', { name: 'Today’s symptoms' }).getByRole('listitem');
    await eventually(async () => expect(await todaySymptoms.count()).toBe(1), SEEN_WITHIN_MS);
    expect(await todaySymptoms.first().textContent()).toMatch(/Bloating.*Moderate/);
    await symptomCheck.scrollIntoViewIfNeeded();
    await shot(page, '8-dashboard-symptom');
    await page.getByRole('region', { name: "Today's Overview" }).scrollIntoViewIfNeeded();
    await shot(page, '8b-dashboard-overview');

    // Scrolled to the end, the last card clears the floating meal button.
    await scrollTo(page, 'Learn & Tips');
    await seen(page.getByRole('heading', { name: 'Learn & Tips' }));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const fab = await page.getByRole('button', { name: 'Build Your Meal' }).boundingBox();
    // Learn & Tips is the dashboard's last card.
    const lastCard = await page.getByRole('region', { name: 'Learn & Tips' }).boundingBox();
    expect(fab).not.toBeNull();
    expect(lastCard).not.toBeNull();
    expect((lastCard?.y ?? 0) + (lastCard?.height ?? 0)).toBeLessThanOrEqual(fab?.y ?? 0);
    await shot(page, '8c-dashboard-end');

    // The meal's details list the symptom.
    await card.getByRole('button', { name: `Open ${mealName}` }).click();
    await seen(details);
    await seen(details.getByRole('region', { name: 'Symptoms' }).getByText('Bloating'));
    expect(await details.getByRole('region', { name: 'Symptoms' }).textContent()).toContain('Moderate');
    await details.getByRole('button', { name: 'Close' }).click();
    await gone(details);

    // The Diary: today's timeline, the meal and then the symptom after it.
    await openTab(page, 'Diary', '**/diary', 'Food Diary');
    const diaryMeals = page.locator('article[data-meal-id]');
    await eventually(async () => expect(await diaryMeals.count()).toBe(1), SEEN_WITHIN_MS);
    expect(await diaryMeals.first().getByRole('heading').textContent()).toBe(mealName);
    await seen(page.getByRole('heading', { name: 'Today' }));
    const bloating = page.getByRole('article', { name: 'Bloating' });
    await seen(bloating);
    expect(await bloating.textContent()).toContain('Moderate');
    expect(await bloating.textContent()).toContain(`after ${mealName}`);
    await shot(page, '9-diary-day');

    // Log it again from today's meals: a second meal with the same foods, now, not completed; the day counts both.
    await openTab(page, 'Home', '**/dashboard', "Today's Overview");
    await scrollTo(page, "Today's meals");
    await eventually(async () => expect(await todaysMeals(page).count()).toBe(1), SEEN_WITHIN_MS);
    await card.getByRole('button', { name: 'Log again' }).click();
    await toastSeen(page, `${mealName} logged again for now`);
    await eventually(async () => expect(await todaysMeals(page).count()).toBe(2), SEEN_WITHIN_MS);
    const repeated = todaysMeals(page).first();
    expect(await repeated.getByRole('heading').textContent()).toBe(mealName);
    expect(await repeated.getByText('Completed').count()).toBe(0);
    for (const name of [chicken, rice, garlic]) expect(await repeated.getByText(name, { exact: true }).isVisible()).toBe(true);
    await figureShows(page, 'Meals logged', '2');
    // The same foods again: the same share of high-FODMAP food, the same score.
    await figureShows(page, 'Today’s score', String(score));
    await repeated.scrollIntoViewIfNeeded();
    await shot(page, '11-dashboard-repeated');

    await openTab(page, 'Diary', '**/diary', 'Food Diary');
    await eventually(async () => expect(await diaryMeals.count()).toBe(2), SEEN_WITHIN_MS);
    const original = diaryMeals.filter({ hasText: 'Completed' });
    expect(await original.count()).toBe(1);
    await shot(page, '11b-diary-repeated');

    // Delete the completed one, after confirming.
    await original.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this meal?' });
    await seen(confirm);
    expect(await confirm.textContent()).toContain(mealName);
    await shot(page, '12-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toastSeen(page, 'Meal deleted successfully');
    await gone(confirm);
    await eventually(async () => expect(await diaryMeals.count()).toBe(1), SEEN_WITHIN_MS);
    expect(await diaryMeals.filter({ hasText: 'Completed' }).count()).toBe(0);
    await shot(page, '13-diary-after-delete');

    // The symptom is kept, no longer tied to the deleted meal.
    await seen(bloating);
    await eventually(async () => expect(await bloating.textContent()).not.toContain('after'), SEEN_WITHIN_MS);
    expect(await bloating.textContent()).toContain('Moderate');

    // Gone from the dashboard too: one meal today instead of two, the symptom still counted.
    await openTab(page, 'Home', '**/dashboard', "Today's Overview");
    // At once: the Diary's delete took the meal out of the lists Home had read, and they were read again meanwhile.
    await scrollTo(page, "Today's meals");
    await seen(todaysMeals(page).first());
    expect(await todaysMeals(page).count()).toBe(1);
    expect(await todaysMeals(page).filter({ hasText: 'Completed' }).count()).toBe(0);
    await figureShows(page, 'Meals logged', '1');
    await figureShows(page, 'Symptoms', '1');
    await todaysMeals(page).first().scrollIntoViewIfNeeded();
    await shot(page, '14-dashboard-after-delete');

    // And from the day the symptom form offers to link.
    await symptomCheck.getByRole('button', { name: 'Log other symptom' }).click();
    await seen(form);
    await eventually(async () => expect(await form.getByLabel('Linked meal').locator('option', { hasText: mealName }).count()).toBe(1), SEEN_WITHIN_MS);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await gone(form);
  });
});
