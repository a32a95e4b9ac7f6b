import { eventually } from '@fodmap/testing';
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { atDashboard, phoneAtWelcome, SEEN_WITHIN_MS, suiteBrowser } from '../support/browser';

const seen = (page: Page, text: string | RegExp) => eventually(async () => expect(await page.getByText(text).first().isVisible()).toBe(true), SEEN_WITHIN_MS);

/** Nothing on the page is wider than the phone (390 px): no sideways scrolling. */
const fitsThePhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the first-run question after sign-up, on a phone (issue 18)', () => {
  const browser = suiteBrowser();

  it('asks condition, diet phase, time zone and emails once; the answers land in Profile and a reload does not ask again', async () => {
    const page = await phoneAtWelcome(browser(), 'onboarding', 'Priya', { timezoneId: 'America/Toronto' });
    await seen(page, 'Welcome, Priya');
    expect(await fitsThePhone(page)).toBe(true);
    // The browser's zone, named, is offered for confirmation.
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    expect(await zone.inputValue()).toBe('America/Toronto');
    await seen(page, /^Eastern (Standard|Daylight) Time, \d{1,2}:\d{2} [AP]M now$/);
    await seen(page, 'Each morning at 8:00 (America/Toronto time)');

    await page.getByRole('radio', { name: "Crohn's disease" }).check();
    await page.getByRole('radio', { name: 'Reintroducing foods' }).check();
    // Travelling: the person lives in London.
    await zone.fill('Europe/Lon');
    await page.getByRole('option', { name: 'Europe/London' }).click();
    await seen(page, 'Each morning at 8:00 (Europe/London time)');
    await page.getByRole('switch', { name: /Meal emails/ }).check();
    await page.screenshot({ path: 'test-results/welcome.png', fullPage: true });
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await atDashboard(page);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    const answers = page.getByRole('region', { name: 'About you' });
    await answers.waitFor();
    expect(await answers.getByLabel('Condition').inputValue()).toBe('crohns');
    expect(await answers.getByLabel('Diet phase').inputValue()).toBe('reintroduction');
    expect(await answers.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('Europe/London');
    await seen(page, 'Each morning at 8:00 (Europe/London time)');
    expect(await page.getByRole('switch', { name: /Meal emails/ }).isChecked()).toBe(true);
    expect(await fitsThePhone(page)).toBe(true);

    // Asked once: neither a reload nor the question's own address asks again.
    await page.reload();
    await page.getByRole('region', { name: 'About you' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.goto('/welcome');
    await atDashboard(page);

    // Profile changes an answer.
    await page.goto('/profile');
    await page.getByRole('region', { name: 'About you' }).getByLabel('Diet phase').selectOption('personalised');
    await seen(page, 'Your answers have been saved');
    await page.reload();
    expect(await page.getByRole('region', { name: 'About you' }).getByLabel('Diet phase').inputValue()).toBe('personalised');
  });

  it("goes to the dashboard with 'Not now', and a reload does not ask again", async () => {
    const page = await phoneAtWelcome(browser(), 'onboarding', 'Sam');
    await page.getByRole('button', { name: 'Not now' }).click();
    await atDashboard(page);
    await page.reload();
    await atDashboard(page);
    await page.goto('/profile');
    expect(await page.getByRole('region', { name: 'About you' }).getByLabel('Condition').inputValue()).toBe('');
  });
});
