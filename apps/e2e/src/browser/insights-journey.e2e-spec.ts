import { correlationLabelOf, Food, httpContract, localDay, Meal, MealType, Rpc, Severity, startOfLocalDay, SymptomType, todayIn } from '@fodmap/contracts';
import { seededRandom } from '@fodmap/server';
import { eventually } from '@fodmap/testing';
import { describe, expect, it } from '@jest/globals';
import { Page } from 'playwright-core';
import { gone, pageApi, seen, SEEN_WITHIN_MS, signedUpPhone, suiteBrowser } from '../support/browser';
import { ServiceRpc } from '../support/service-rpc';

/** UTC+9 all year: a breakfast at 08:00 there is the previous day in UTC, so a day counted in UTC would show. */
const TOKYO = 'Asia/Tokyo';
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const SEEDED_DAYS = 21;
/** The insights are projected from the journal's events: they catch up with the seeding within this. */
const PROJECTED_WITHIN_MS = 30_000;
/** Spec issue 8: an unlinked symptom counts for the meals eaten 1 to 8 hours before it, both ends included. */
const WINDOW = { fromMs: 1 * HOUR_MS, toMs: 8 * HOUR_MS };

const GARLIC = 'Garlic, raw';
/** Low-FODMAP catalogue foods with no trigger group of their own, so that only garlic's fructans stand out. */
const LOW_FOODS = ['Egg, hard-boiled', 'Chicken breast, skinless, roasted', 'Carrot, raw', 'White rice, long-grain, cooked', 'Potato, boiled, peeled', 'Cucumber, peeled, raw'];
/** A food's weight in a day's FODMAP risk by its rating at the amount eaten (spec §4 'Meal FODMAP score', a risk). */
const RATING_WEIGHT: Record<string, number> = { high: 100, medium: 50, low: 0 };


/** The calendar day `days` before `day` (YYYY-MM-DD). */
const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 24 * HOUR_MS).toISOString().slice(0, 10);

interface PlannedMeal {
  day: string;
  mealType: MealType;
  name: string;
  eatenAt: number;
  foods: Food[];
}
interface PlannedSymptom {
  symptomType: SymptomType;
  severity: Severity;
  feltAt: number;
  linkedTo: PlannedMeal | null;
}

/**
 * Three meals a day for the 21 days before today, in Tokyo: garlic in about a third of them, followed 2 to 5 hours
 * later by a symptom most of the time (linked to the meal or not, alternately); now and then a mild symptom after
 * nothing in particular. Dinner is early enough that a symptom after it is still felt that day.
 */
function planHistory(today: string, garlic: Food, lowFoods: Food[]): { meals: PlannedMeal[]; symptoms: PlannedSymptom[] } {
  const random = seededRandom(8);
  const meals: PlannedMeal[] = [];
  const symptoms: PlannedSymptom[] = [];
  const sittings: { mealType: MealType; name: string; minutes: number }[] = [
    { mealType: 'breakfast', name: 'Breakfast', minutes: 8 * 60 },
    { mealType: 'lunch', name: 'Lunch', minutes: 12 * 60 + 30 },
    { mealType: 'dinner', name: 'Dinner', minutes: 18 * 60 },
  ];
  let linkNext = true;
  for (let ago = SEEDED_DAYS; ago >= 1; ago -= 1) {
    const day = daysBefore(today, ago);
    const midnight = startOfLocalDay(day, TOKYO).getTime();
    for (const sitting of sittings) {
      const withGarlic = random() < 1 / 3;
      const left = [...lowFoods];
      const others = Array.from({ length: (withGarlic ? 1 : 2) + Math.floor(random() * 2) }, () => left.splice(Math.floor(random() * left.length), 1)[0]);
      const meal: PlannedMeal = {
        day,
        mealType: sitting.mealType,
        name: sitting.name,
        eatenAt: midnight + (sitting.minutes + Math.floor(random() * 20)) * MINUTE_MS,
        foods: withGarlic ? [garlic, ...others] : others,
      };
      meals.push(meal);
      if (withGarlic && random() < 0.8) {
        symptoms.push({
          symptomType: random() < 0.7 ? 'bloating' : 'pain',
          severity: random() < 0.5 ? 'moderate' : 'severe',
          feltAt: meal.eatenAt + (2 * 60 + Math.floor(random() * 180)) * MINUTE_MS,
          linkedTo: linkNext ? meal : null,
        });
        linkNext = !linkNext;
      }
    }
    if (random() < 0.15) symptoms.push({ symptomType: 'gas', severity: 'mild', feltAt: midnight + (9 * 60 + Math.floor(random() * 13 * 60)) * MINUTE_MS, linkedTo: null });
  }
  return { meals, symptoms };
}

async function closeToast(page: Page, title: string): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: title });
  await seen(toast);
  await toast.getByRole('button', { name: 'Close' }).click();
  await gone(toast);
}

async function openInsights(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).click();
  await page.waitForURL('**/insights');
  await seen(page.getByRole('heading', { level: 1, name: 'Insights' }));
}

describe('Insights on a phone', () => {
  const browser = suiteBrowser();

  it('shows three weeks of a person’s meals and symptoms by day in their zone, garlic ranked first as their trigger, fructans as their group, and nothing of it to another person', async () => {
    const page = await signedUpPhone(browser(), 'insights', 'Hana', { timezoneId: TOKYO });
    await closeToast(page, 'Welcome!');
    const api = pageApi(page);

    // The person's history, seeded through the API with their own cookie.
    const search = async (name: string) => {
      const found = (await api(httpContract.foods.search, { query: { q: name } })).find((food) => food.name === name && !food.isPrivate);
      if (!found) throw new Error(`The search for ${name} did not find it`);
      return found;
    };
    const garlic = await search(GARLIC);
    const lowFoods = await Promise.all(LOW_FOODS.map(search));
    const today = todayIn(TOKYO);
    const plan = planHistory(today, garlic, lowFoods);
    // Three weeks of writes go straight to the journal as the person: through the gateway they would meet the person's
    // write rate (120 a minute), which a person logging by hand never reaches.
    const caller = { userId: (await api(httpContract.account.user)).id, timeZone: TOKYO };
    const journal = await ServiceRpc.connect();
    const saved = new Map<PlannedMeal, Meal>();
    for (const day of new Set(plan.meals.map((meal) => meal.day))) {
      await Promise.all(
        plan.meals
          .filter((meal) => meal.day === day)
          .map(async (meal) => {
            const foods = meal.foods.map((food) => ({ foodId: food.id, quantity: 1, servingUnit: 'serving' }));
            const created = await journal.send(Rpc.journal.createMeal, { caller, input: { mealType: meal.mealType, name: meal.name, timestamp: new Date(meal.eatenAt).toISOString(), foods } });
            saved.set(meal, await journal.send(Rpc.journal.completeMeal, { caller, mealId: created.id }));
          }),
      );
    }
    for (const symptom of plan.symptoms) {
      const linked = symptom.linkedTo ? { mealId: saved.get(symptom.linkedTo)?.id } : {};
      await journal.send(Rpc.journal.logSymptom, { caller, input: { symptomType: symptom.symptomType, severity: symptom.severity, timestamp: new Date(symptom.feltAt).toISOString(), ...linked } });
    }
    await journal.close();

    // What the person should see, from what was seeded: each Tokyo day's meals, their foods' ratings and symptoms.
    const expectedDay = (day: string) => {
      const meals = plan.meals.filter((meal) => localDay(new Date(meal.eatenAt), TOKYO) === day);
      const ratings = meals.flatMap((meal) => saved.get(meal)?.foods.map((entry) => entry.ratingAtQuantity) ?? []);
      const weights = ratings.map((rating) => RATING_WEIGHT[rating]);
      return {
        date: day,
        mealsCount: meals.length,
        avgFodmapRisk: weights.length === 0 ? null : Math.round(weights.reduce((sum, weight) => sum + weight, 0) / weights.length),
        symptomCount: plan.symptoms.filter((symptom) => localDay(new Date(symptom.feltAt), TOKYO) === day).length,
      };
    };
    // Garlic is high at the serving eaten, the other foods low: the ratings the risk figures and badges stand on.
    const ratingsEaten = new Set([...saved.values()].flatMap((meal) => meal.foods.map((entry) => `${entry.food.name}: ${entry.ratingAtQuantity}`)));
    expect([...ratingsEaten].sort()).toEqual([GARLIC, ...LOW_FOODS].map((name) => `${name}: ${name === GARLIC ? 'high' : 'low'}`).sort());
    const last30 = Array.from({ length: 30 }, (_, ago) => expectedDay(daysBefore(today, ago)));
    const garlicMeals = plan.meals.filter((meal) => meal.foods.includes(garlic));
    const followed = garlicMeals.filter((meal) =>
      plan.symptoms.some((symptom) => (symptom.linkedTo ? symptom.linkedTo === meal : symptom.feltAt - meal.eatenAt >= WINDOW.fromMs && symptom.feltAt - meal.eatenAt <= WINDOW.toMs)),
    );
    const garlicLabel = correlationLabelOf(followed.length / garlicMeals.length).label;
    expect(['High Risk', 'Moderate Risk']).toContain(garlicLabel);

    // Insights has projected all of it.
    await eventually(async () => {
      const activity = await api(httpContract.insights.activity, { query: { period: '30' } });
      expect(activity.dailyData).toEqual(last30);
    }, PROJECTED_WITHIN_MS);

    // The screen, from the bottom navigation.
    await openInsights(page);
    const language = await page.evaluate(() => navigator.language);
    const shortDate = (day: string) => new Intl.DateTimeFormat(language, { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(new Date(`${day}T12:00:00Z`));
    const rowName = (day: ReturnType<typeof expectedDay>) =>
      `${shortDate(day.date)}: ${day.avgFodmapRisk === null ? '—' : `${day.avgFodmapRisk}% risk`}, ${day.symptomCount} symptom${day.symptomCount === 1 ? '' : 's'}`;

    const analytics = page.getByRole('region', { name: 'Advanced Analytics' });
    const rows = analytics.getByRole('group', { name: 'Days' }).getByRole('button');
    const week = last30.slice(0, 7).filter((day) => day.mealsCount > 0 || day.symptomCount > 0);
    await eventually(async () => expect(await rows.count()).toBe(week.length), SEEN_WITHIN_MS);
    const newest = week[0];
    expect(newest.date).toBe(daysBefore(today, 1));
    expect(await rows.first().getAttribute('aria-label')).toBe(rowName(newest));
    const newestText = await rows.first().textContent();
    expect(newestText).toContain(shortDate(newest.date));
    expect(newestText).toContain(`${newest.avgFodmapRisk}% risk`);
    expect(newestText).toContain(`${newest.symptomCount} symptom`);
    // Issue 18: the day's risk here is that day's score on Home read the other way, said once, on the newest rated day.
    const risk = newest.avgFodmapRisk ?? Number.NaN;
    expect(await analytics.getByTestId('day-score-relation').textContent()).toBe(
      `A day's score on Home is 100 minus its FODMAP risk. ${shortDate(newest.date)}: ${risk}% risk is a score of ${100 - risk} on Home.`,
    );
    const weekSymptoms = week.reduce((sum, day) => sum + day.symptomCount, 0);
    expect(await analytics.getByRole('group', { name: 'Total Symptoms' }).locator('p').first().textContent()).toBe(String(weekSymptoms));
    await page.screenshot({ path: 'test-results/insights-1-week.png' });

    // 30 Days: the older days join; the week's rows stay on screen meanwhile, no loading placeholder in their place.
    const oldest = expectedDay(daysBefore(today, SEEDED_DAYS));
    const oldestRow = analytics.getByRole('button', { name: rowName(oldest), exact: true });
    expect(await oldestRow.count()).toBe(0);
    await analytics.getByRole('button', { name: '30 Days' }).click();
    expect(await analytics.getByLabel('Loading analytics').count()).toBe(0);
    expect(await rows.first().isVisible()).toBe(true);
    await seen(oldestRow);
    expect(await analytics.getByRole('button', { name: '30 Days' }).getAttribute('aria-pressed')).toBe('true');
    await eventually(async () => expect(await rows.count()).toBe(last30.filter((day) => day.mealsCount > 0 || day.symptomCount > 0).length), SEEN_WITHIN_MS);
    expect(await rows.first().getAttribute('aria-label')).toBe(rowName(newest));

    // A day's meals, with their foods and ratings.
    await rows.first().click();
    const dialog = page.getByRole('dialog', { name: `Meals for ${shortDate(newest.date)}` });
    await seen(dialog);
    const dayMeals = plan.meals.filter((meal) => meal.day === newest.date);
    await eventually(async () => expect(await dialog.getByRole('article').count()).toBe(dayMeals.length), SEEN_WITHIN_MS);
    for (const meal of dayMeals) {
      const foods = dialog.getByRole('article', { name: meal.name }).getByRole('list', { name: `Foods in ${meal.name}` }).getByRole('listitem');
      expect(await foods.count()).toBe(meal.foods.length);
      for (const food of meal.foods) {
        const line = foods.filter({ hasText: food.name });
        expect(await line.count()).toBe(1);
        expect(await line.textContent()).toContain(food === garlic ? 'High FODMAP' : 'Low FODMAP');
      }
    }
    await page.screenshot({ path: 'test-results/insights-2-day-meals.png' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await gone(dialog);

    // Symptom Correlation: garlic first, labelled as its rate and evidence allow.
    const correlation = page.getByRole('region', { name: 'Symptom Correlation' });
    const top = correlation.getByRole('article').first();
    const garlicRanked = async () => {
      await eventually(async () => expect(await top.getAttribute('aria-label')).toBe(GARLIC), SEEN_WITHIN_MS);
      const text = await top.textContent();
      expect(text).toMatch(/^#1/);
      expect(text).toContain(`${followed.length} of ${garlicMeals.length} meals`);
      expect(text).toMatch(/Strong evidence|Moderate evidence/);
      expect(await top.getByTestId('finding').textContent()).toBe(garlicLabel);
    };
    await top.scrollIntoViewIfNeeded();
    await garlicRanked();
    await page.screenshot({ path: 'test-results/insights-3-correlation.png' });

    const groups = page.getByRole('region', { name: 'Which FODMAP group is yours' });
    await seen(groups.getByTestId('group-conclusion'));
    expect(await groups.getByTestId('group-conclusion').textContent()).toMatch(/^Your symptoms follow fructans\b/);
    const fructans = groups.getByRole('listitem', { name: 'Fructans' });
    expect(await fructans.textContent()).toContain(`of ${garlicMeals.length} meals with it`);
    await groups.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/insights-4-groups.png' });

    // 3 months: the same 21 days, the same answer.
    const answered = page.waitForResponse((response) => response.url().includes(`${httpContract.insights.correlation.path}?period=90`));
    await correlation.getByLabel('Period').selectOption('90');
    expect((await answered).status()).toBe(200);
    await garlicRanked();

    // Another person sees their own empty Insights, none of Hana's foods.
    const other = await signedUpPhone(browser(), 'insights', 'Noor', { timezoneId: TOKYO });
    await closeToast(other, 'Welcome!');
    await openInsights(other);
    await seen(other.getByRole('region', { name: 'Advanced Analytics' }).getByText('No data available for this period'));
    await seen(other.getByRole('region', { name: 'Symptom Correlation' }).getByRole('heading', { name: 'No Correlation Data' }));
    await seen(other.getByRole('region', { name: 'Which FODMAP group is yours' }).getByText('Log more meals and symptoms to see food-symptom correlations.'));
    for (const name of [GARLIC, ...LOW_FOODS]) expect(await other.getByText(name).count()).toBe(0);
    await other.screenshot({ path: 'test-results/insights-5-empty.png' });
  });
});
