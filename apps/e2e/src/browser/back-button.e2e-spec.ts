import { eventually } from '@fodmap/testing';
import { describe, expect, it } from '@jest/globals';
import { Locator } from 'playwright-core';
import { SEEN_WITHIN_MS, signedUpPhone, suiteBrowser } from '../support/browser';

const shown = (locator: Locator, visible: boolean) => eventually(async () => expect(await locator.isVisible()).toBe(visible), SEEN_WITHIN_MS);

describe("the phone's Back button", () => {
  const browser = suiteBrowser();

  it('closes an open dialog or article first, and the next Back leaves the screen as before', async () => {
    const page = await signedUpPhone(browser(), 'back-button', 'Bo');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
    await page.waitForURL('**/search');

    await page.getByRole('button', { name: 'Build Your Meal' }).click();
    const builder = page.getByRole('dialog', { name: 'Build Your Meal' });
    await shown(builder, true);
    await page.goBack();
    await shown(builder, false);
    expect(new URL(page.url()).pathname).toBe('/search');

    // Closed by its own button, the dialog leaves no entry behind: Back goes on to the dashboard at once.
    await page.getByRole('button', { name: 'Build Your Meal' }).click();
    await shown(builder, true);
    await builder.getByRole('button', { name: 'Cancel' }).click();
    await shown(builder, false);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await shown(page.getByRole('heading', { name: "Today's Overview" }), true);

    // The article reader, full screen, likewise.
    // Learn & Tips (open from the start) loads as the page scrolls near it, at the dashboard's end.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const firstArticle = page.getByRole('list', { name: 'Articles' }).getByRole('button').first();
    await shown(firstArticle, true);
    await firstArticle.click();
    const article = page.getByRole('dialog');
    await shown(article, true);
    await page.goBack();
    await shown(article, false);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });
});
