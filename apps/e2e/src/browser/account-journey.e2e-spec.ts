import { eventually } from '@fodmap/testing';
import { describe, expect, it } from '@jest/globals';
import { provided } from '../support/provided';
import { uniqueEmail, waitForEmail } from '../support/api';
import { atDashboard, skipWelcome, suiteBrowser, phone, SEEN_WITHIN_MS } from '../support/browser';

describe('a new person on a phone', () => {
  const browser = suiteBrowser();

  it('goes from the start page to an account, signs out, recovers a forgotten password and signs in with it', async () => {
    const { page } = await phone(browser(), provided('gatewayUrl'));
    const email = uniqueEmail('journey');

    await page.goto('/');
    await eventually(async () => expect(await page.getByText('890+').first().isVisible()).toBe(true), SEEN_WITHIN_MS);
    await page.getByRole('button', { name: 'Skip Intro' }).click();
    await page.waitForURL('**/login');

    await page.getByRole('tab', { name: 'Create Account' }).click();
    await page.getByLabel('First Name').fill('Jordan');
    await page.getByLabel('Last Name').fill('Lee');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first-password-1');
    await page.getByLabel('Confirm Password').fill('first-password-1');
    await page.locator('form').getByRole('button', { name: 'Create Account' }).click();
    await skipWelcome(page);
    await eventually(async () => expect(await page.getByText('Jordan').first().isVisible()).toBe(true), SEEN_WITHIN_MS);
    await page.screenshot({ path: 'test-results/dashboard.png' });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-9');
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await eventually(async () => expect(await page.getByText('Login failed').first().isVisible()).toBe(true), SEEN_WITHIN_MS);

    await page.getByRole('link', { name: /Forgot password/i }).click();
    await page.waitForURL('**/forgot-password');
    // The URL changes before the lazy page replaces the sign-in form, whose Email field would take the address.
    await page.getByRole('button', { name: 'Send Reset Link' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await eventually(async () => expect(await page.getByText("we've sent a password reset link").first().isVisible()).toBe(true), SEEN_WITHIN_MS);

    const mail = await waitForEmail(email, 20_000, (message) => message.text.includes('/reset-password?token='));
    const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
    expect(link).toBeDefined();
    await page.goto(link as string);
    await page.getByLabel('New Password').fill('Brand-New-Pass1!');
    await page.getByLabel('Confirm Password').fill('Brand-New-Pass1!');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/login', { timeout: 10_000 });

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Brand-New-Pass1!');
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await atDashboard(page);
    await eventually(async () => expect(await page.getByText('Jordan').first().isVisible()).toBe(true), SEEN_WITHIN_MS);
  });
});
