import { AdminMessages, EMAIL_TYPE_LABELS, type EmailStats, httpContract, Messages } from '@fodmap/contracts';
import { eventually } from '@fodmap/testing';
import { describe, expect, it } from '@jest/globals';
import { Page } from 'playwright-core';
import { emailsTo, signInFirstAdmin } from '../support/api';
import { pageApi, phone, seen, signedUpPhone, suiteBrowser } from '../support/browser';
import { provided } from '../support/provided';

/** Statistics count an email once its job has sent it: the page shows it within this. */
const COUNTED_WITHIN_MS = 30_000;
const TEST_SENDS = 2;

const ADVERTISERS = [
  { name: 'Gut Good Co', productName: 'Low-FODMAP Granola', description: 'Oats and maple, no honey.', ctaText: 'Try the granola', ctaLink: 'https://gutgood.example/granola', priority: '1' },
  { name: 'Calm Belly', productName: 'Peppermint Capsules', description: 'Enteric-coated peppermint oil.', ctaText: 'Shop capsules', ctaLink: 'https://calmbelly.example/', priority: '3' },
];


/** A figure card of the page, by what it counts: its value as shown. */
const figure = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true }).locator('p').first();

async function closeToast(page: Page, title: string): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: title });
  await seen(toast);
  await toast.getByRole('button', { name: 'Close' }).click();
}

async function openTab(page: Page, name: (typeof AdminMessages.tabs)[number]): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await seen(page.getByRole('heading', { level: 2, name }));
}

describe('the admin area on a phone (issue 9, journey 2)', () => {
  const browser = suiteBrowser();

  it('an admin creates two advertisers, sends test daily summaries and sees them counted in Overview and Email Campaigns', async () => {
    const adminEmail = provided('adminEmail');
    const { context, page } = await phone(browser(), provided('gatewayUrl'));
    // The stack's ADMIN_EMAILS address signs up (or signs in, when another suite signed it up first); the phone
    // carries on in that session.
    const [name, value] = (await signInFirstAdmin()).sessionCookie.split(/=(.*)/s);
    await context.addCookies([{ name, value, url: provided('gatewayUrl') }]);
    const api = pageApi(page);

    await page.goto('/admin/');
    await seen(page.getByRole('heading', { level: 2, name: 'Overview' }));
    expect(await page.getByRole('tab').allTextContents()).toEqual([...AdminMessages.tabs]);

    // Counted before the advertisers exist: every email that carries one of them is sent after this.
    const dailySent = (stats: EmailStats) => stats.campaignsByType.find((entry) => entry.emailType === 'daily-summary')?.count ?? 0;
    const before = await api(httpContract.admin.emailStats);

    await openTab(page, 'Advertisers');
    await seen(page.getByText(AdminMessages.noAdvertisers));
    for (const advertiser of ADVERTISERS) {
      await page.getByRole('button', { name: AdminMessages.addAdvertiser }).click();
      const dialog = page.getByRole('dialog', { name: AdminMessages.addAdvertiser });
      await seen(dialog);
      await dialog.getByLabel(/^Name/).fill(advertiser.name);
      await dialog.getByLabel(/^Product Name/).fill(advertiser.productName);
      await dialog.getByLabel(/^Description/).fill(advertiser.description);
      await dialog.getByLabel(/^Call-to-Action Text/).fill(advertiser.ctaText);
      await dialog.getByLabel(/^Call-to-Action Link/).fill(advertiser.ctaLink);
      await dialog.getByLabel(/^Priority/).fill(advertiser.priority);
      await dialog.getByRole('button', { name: 'Create Advertiser' }).click();
      await closeToast(page, AdminMessages.advertiserCreated);
      await seen(page.getByRole('list', { name: 'Advertisers' }).getByRole('heading', { name: advertiser.name }));
    }
    await page.screenshot({ path: 'test-results/admin-advertisers.png', fullPage: true });

    const inboxBefore = (await emailsTo(adminEmail)).length;
    for (let send = 0; send < TEST_SENDS; send += 1) await api(httpContract.emails.testDailySummary);
    await eventually(async () => expect((await emailsTo(adminEmail)).length).toBe(inboxBefore + TEST_SENDS), COUNTED_WITHIN_MS);

    // The Overview reads the statistics afresh on each visit: reload until the sends are counted.
    await eventually(async () => {
      await page.reload();
      await seen(page.getByRole('heading', { level: 2, name: 'Overview' }));
      expect(Number(await figure(page, AdminMessages.totalEmailsSent).textContent())).toBeGreaterThanOrEqual(before.totalSent + TEST_SENDS);
    }, COUNTED_WITHIN_MS);
    expect(await figure(page, AdminMessages.totalAdvertisers).textContent()).toBe('2');
    await seen(page.getByRole('group', { name: AdminMessages.totalAdvertisers }).getByText(AdminMessages.activeCount(2)));
    expect(await figure(page, AdminMessages.lastCampaign).textContent()).not.toBe(AdminMessages.never);
    expect(Number(await figure(page, AdminMessages.uniqueRecipients).textContent())).toBeGreaterThanOrEqual(1);

    // Each test send carried one of the two active advertisers. The scheduler may also send real daily summaries
    // meanwhile (another suite's person whose 08:00 has come), which carry one too: so the page's per-advertiser
    // figures add up to at least the test sends and at most every daily summary sent since before the advertisers
    // existed, counted after the page was read.
    const performance = page.getByRole('list', { name: AdminMessages.advertiserPerformance });
    let dailyAfter = 0;
    await eventually(async () => {
      await page.reload();
      await seen(page.getByRole('heading', { level: 2, name: 'Overview' }));
      const sends = await Promise.all(
        ADVERTISERS.map(async ({ name }) => {
          const card = performance.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
          return Number(await card.locator('dt:text-is("Emails sent") + dd').textContent());
        }),
      );
      dailyAfter = dailySent(await api(httpContract.admin.emailStats));
      const total = sends.reduce((sum, count) => sum + count, 0);
      expect(total).toBeGreaterThanOrEqual(TEST_SENDS);
      expect(total).toBeLessThanOrEqual(dailyAfter - dailySent(before));
    }, COUNTED_WITHIN_MS);
    await page.screenshot({ path: 'test-results/admin-overview.png', fullPage: true });

    await openTab(page, 'Email Campaigns');
    expect(Number(await figure(page, EMAIL_TYPE_LABELS['daily-summary']).textContent())).toBeGreaterThanOrEqual(dailyAfter);
    expect(Number(await figure(page, AdminMessages.totalEmailsSent).textContent())).toBeGreaterThanOrEqual(before.totalSent + TEST_SENDS);
  });

  it('refuses a signed-in person who is not an admin at /admin/', async () => {
    const page = await signedUpPhone(browser(), 'admin-journey', 'Nora');
    const response = await page.goto('/admin/');
    expect(response?.status()).toBe(403);
    expect(await page.textContent('body')).toContain(Messages.adminOnly);
    expect(await page.getByRole('tab', { name: 'Overview' }).count()).toBe(0);
  });
});
