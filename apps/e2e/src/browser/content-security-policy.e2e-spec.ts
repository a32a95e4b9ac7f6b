import { describe, expect, it } from '@jest/globals';
import { provided } from '../support/provided';
import { uniqueEmail } from '../support/api';
import { skipWelcome, suiteBrowser, phone } from '../support/browser';

const browser = suiteBrowser();

describe('the app under its Content-Security-Policy', () => {
  it('signs up and shows the dashboard with no CSP violation (MUI styles, scripts, images all allowed)', async () => {
    const { context, page } = await phone(browser(), provided('gatewayUrl'));
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await context.addInitScript(() => sessionStorage.setItem('hasSeenStartPage', 'true'));
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Create Account' }).click();
    await page.getByLabel('First Name').fill('Csp');
    await page.getByLabel('Last Name').fill('Tester');
    await page.getByLabel('Email').fill(uniqueEmail('csp'));
    await page.getByLabel('Password', { exact: true }).fill('lentil-bake-9');
    await page.getByLabel('Confirm Password').fill('lentil-bake-9');
    await page.locator('form').getByRole('button', { name: 'Create Account' }).click();
    await skipWelcome(page);
    // A style blocked by the CSP would leave MUI's buttons unstyled: the tab bar must still be laid out as a bar.
    const tabBar = await page.getByRole('link', { name: 'Search' }).boundingBox();
    expect(tabBar?.y ?? 0).toBeGreaterThan(600);
    expect(violations).toEqual([]);
    await context.close();
  });
});
