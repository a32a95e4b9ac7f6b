import { eventually } from '@fodmap/testing';
import { describe, expect, it } from '@jest/globals';
import { Page } from 'playwright-core';
import { suiteBrowser, SEEN_WITHIN_MS, signedUpPhone } from '../support/browser';

async function openFoodSearch(page: Page) {
  await page.getByRole('link', { name: 'Search' }).click();
  await page.waitForURL('**/search');
  await eventually(async () => expect(await page.getByRole('heading', { name: 'Food Search' }).isVisible()).toBe(true), SEEN_WITHIN_MS);
}

const results = (page: Page) => page.getByRole('list', { name: 'Search results' }).getByRole('button');

/** A home recipe's name no catalogue holds, different on every run. */
function madeUpFoodName(): string {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `Grandma Zyxqa's ${letters} wobblecrumb`;
}

describe('looking up foods on a phone', () => {
  const browser = suiteBrowser();

  it('finds a food despite a typo, reads its details, adds a private food and finds it, which a second person cannot', async () => {
    const page = await signedUpPhone(browser(), 'foods', 'Rose');
    await openFoodSearch(page);
    // The welcome toast would cover the screenshots.
    await page.getByRole('alert').getByRole('button', { name: 'Close' }).click();

    await page.getByLabel('Search foods').fill('galic');
    await eventually(async () => expect(await results(page).first().textContent()).toMatch(/^Garlic/), 10_000);
    expect(await results(page).first().textContent()).toContain('High FODMAP');

    await results(page).first().click();
    const details = page.getByRole('dialog', { name: /^Garlic/ });
    await eventually(async () => expect(await details.getByText('FODMAP components').isVisible()).toBe(true), SEEN_WITHIN_MS);
    const detailsText = await details.textContent();
    expect(detailsText).toMatch(/Serving.*\d+(\.\d+)? g/);
    // Issue 10: a measured group gets its row and light; the components no source measured fold into one collapsed line.
    expect(detailsText).toMatch(/Oligosaccharides|Disaccharides|Monosaccharides|Polyols/);
    expect(await details.getByText('Not measured', { exact: true }).count()).toBe(0);
    const source = details.getByRole('region', { name: 'Sources' }).getByRole('link').first();
    expect(await source.getAttribute('href')).toMatch(/^https?:\/\//);
    expect(await source.getAttribute('target')).toBe('_blank');
    expect(await source.getAttribute('rel')).toBe('noopener');
    // Issue 18: the group garlic's High rating is put down to is lit High too; no source is a bare domain or a row id,
    // and every source opens, the USDA one at its own row.
    expect(await details.locator('[data-component="fructans"] [data-level]').getAttribute('data-level')).toBe('high');
    expect(detailsText).not.toMatch(/: ntro\.it\.com\.|SR28 NDB/);
    await details.getByRole('button', { name: /^Show \d+ more sources?$/ }).click();
    const usda = details.getByRole('link', { name: /^USDA National Nutrient Database \(SR28\), food \d+$/ });
    expect(await usda.getAttribute('href')).toMatch(/^https:\/\/fdc\.nal\.usda\.gov\/food-search\?type=SR%20Legacy&query=Garlic/);
    for (const link of await details.getByRole('region', { name: 'Sources' }).getByRole('link').all()) expect(await link.getAttribute('href')).toMatch(/^https?:\/\//);
    await page.screenshot({ path: 'test-results/food-details.png' });
    await source.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/food-details-sources.png' });
    await details.getByRole('button', { name: 'Close' }).click();
    await eventually(async () => expect(await details.isVisible()).toBe(false), SEEN_WITHIN_MS);

    const name = madeUpFoodName();
    await page.getByLabel('Search foods').fill(name);
    const notFound = page.getByRole('dialog', { name: 'Food not found' });
    await eventually(async () => expect(await notFound.isVisible()).toBe(true), 10_000);
    await notFound.getByRole('button', { name: 'Add manually' }).click();

    const form = page.getByRole('dialog', { name: 'New Food' });
    expect(await form.getByLabel('Food Name').inputValue()).toBe(name);
    expect(await form.getByRole('button', { name: 'Create Food' }).isDisabled()).toBe(true);
    await form.getByLabel('FODMAP Rating').selectOption('low');
    await form.getByLabel('Description').fill("Sunday lentil bake from Grandma's card");
    await form.getByLabel('Serving Size').fill('1 slice (120 g)');
    await form.getByLabel('Food Type').selectOption('other');
    await page.screenshot({ path: 'test-results/new-food-form.png' });
    await form.getByRole('button', { name: 'Create Food' }).click();
    await eventually(async () => expect(await page.getByText('Food Added!').isVisible()).toBe(true), SEEN_WITHIN_MS);

    const created = page.getByRole('dialog', { name });
    await eventually(async () => expect(await created.getByText('Your food').isVisible()).toBe(true), SEEN_WITHIN_MS);
    await created.getByRole('button', { name: 'Close' }).click();
    await page.getByLabel('Search foods').fill('');
    await page.getByLabel('Search foods').fill(name);
    await eventually(async () => expect(await results(page).first().textContent()).toContain(name), 10_000);
    expect(await results(page).first().textContent()).toContain('Low FODMAP');

    const other = await signedUpPhone(browser(), 'foods', 'Sam');
    // Rows, not buttons: since issue 7 each row also has its 'Add … to a meal' button.
    await eventually(async () => expect(await other.getByRole('list', { name: 'Foods' }).getByRole('listitem').count()).toBe(6), 10_000);
    await other.screenshot({ path: 'test-results/dashboard-food-lookup.png', fullPage: true });
    await openFoodSearch(other);
    await other.getByLabel('Search foods').fill(name);
    await eventually(async () => expect(await other.getByText(`No foods match “${name}”.`).isVisible()).toBe(true), 10_000);
    expect(await other.getByText(name, { exact: true }).count()).toBe(0);
  });
});
