import { AccountMessages, httpContract } from '@fodmap/contracts';
import { eventually } from '@fodmap/testing';
import { describe, expect, it } from '@jest/globals';
import { Locator } from 'playwright-core';
import { verificationTokenSentTo } from '../support/api';
import { pageApi, SEEN_WITHIN_MS, signedUpPhone, suiteBrowser } from '../support/browser';

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

  it("from the confirmation link's page goes back where the person was, and never opens the spent link again", async () => {
    const page = await signedUpPhone(browser(), 'back-verify', 'Vi', { verified: false });
    const banner = page.getByText(AccountMessages.verifyEmailBanner);
    await shown(banner, true);
    const { email } = await pageApi(page)(httpContract.account.user);
    await page.goto(`/verify-email?token=${await verificationTokenSentTo(email)}`);
    await shown(page.getByText(AccountMessages.verifyEmailSuccess), true);

    // Back from the confirmed page: the dashboard it was opened over, confirmed now.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await shown(page.getByRole('heading', { name: "Today's Overview" }), true);
    await shown(banner, false);

    // Forward to it again, and on with Continue: the spent link's page is replaced, so Back does not open it a third time.
    await page.goForward();
    await page.waitForURL((url) => url.pathname === '/verify-email');
    // The page as it was (kept by the browser), or opened again: confirmed either way, never a failed link.
    await shown(page.getByText(AccountMessages.verifyEmailAlready).or(page.getByText(AccountMessages.verifyEmailSuccess)), true);
    expect(await page.getByText(AccountMessages.verifyEmailInvalidToken).isVisible()).toBe(false);
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await shown(page.getByRole('heading', { name: "Today's Overview" }), true);
    expect(await page.getByText(AccountMessages.verifyEmailInvalidToken).isVisible()).toBe(false);
    await page.context().close();
  });

  it("closes Profile's account dialogs, and the Diary's 'All' view goes back to the day", async () => {
    const page = await signedUpPhone(browser(), 'back-profile', 'Pat');
    const tabs = page.getByRole('navigation', { name: 'Main' });
    await tabs.getByRole('link', { name: 'Diary' }).click();
    await page.waitForURL('**/diary');
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/diary' && url.searchParams.get('view') === 'all');
    await shown(page.getByText('Nothing logged yet'), true);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/diary' && url.search === '');
    await shown(page.getByRole('button', { name: 'Previous day' }), true);

    await tabs.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    for (const [button, dialog] of [
      ['Change password', 'Change password'],
      ['Sign out everywhere', 'Sign out everywhere?'],
      ['Delete account', 'Delete your account?'],
    ]) {
      await page.getByRole('button', { name: button, exact: true }).click();
      const opened = page.getByRole('dialog', { name: dialog });
      await shown(opened, true);
      await page.goBack();
      await shown(opened, false);
      expect(new URL(page.url()).pathname).toBe('/profile');
    }
    await page.context().close();
  });
});
