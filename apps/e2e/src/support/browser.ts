import { httpContract, type RouteDefinition, type RouteResponse } from '@fodmap/contracts';
import { eventually } from '@fodmap/testing';
import { afterAll, beforeAll, expect } from '@jest/globals';
import { Browser, BrowserContext, chromium, Locator, Page } from 'playwright-core';
import { type CallArguments, requestPath, uniqueEmail, verificationTokenSentTo } from './api';
import { provided } from './provided';
import { stackWarnings } from './stack-log';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, as the probe on this kind of machine runs it (no background networking). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Chromium for the enclosing describe block (or file): launched before its tests, closed after them. */
export function suiteBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is not launched yet: call it inside a test');
    return browser;
  };
}

/** How long a check waits for what a person should see: long enough for a loaded CI machine, never a speed assertion. */
export const SEEN_WITHIN_MS = 10_000;

/** Waits until the locator shows (within SEEN_WITHIN_MS), or fails. */
export const seen = (locator: Locator) => eventually(async () => expect(await locator.isVisible()).toBe(true), SEEN_WITHIN_MS);
/** Waits until the locator no longer shows (within SEEN_WITHIN_MS), or fails. */
export const gone = (locator: Locator) => eventually(async () => expect(await locator.isVisible()).toBe(false), SEEN_WITHIN_MS);

/** A toast with this title (and this description, when given), read and then closed so that it covers nothing next. */
export async function toastSeen(page: Page, title: string, description?: string | RegExp): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: title });
  await seen(toast);
  if (description) expect(await toast.textContent()).toMatch(description);
  await toast.getByRole('button', { name: 'Close' }).click();
  await gone(toast);
}

/** `test-results/<name>.png` once the dialogs' fades and slides have finished, as the person sees the screen. */
export async function stillShot(page: Page, name: string): Promise<void> {
  // Spinners and skeletons pulse for ever: only the animations that end are waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        // A cancelled one (a newer transition took its place) has ended too.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.screenshot({ path: `test-results/${name}.png` });
}

/** Where the phone is: its time zone (the machine's when not given), which sign-up records as the person's. */
export interface PhoneOptions {
  timezoneId?: string;
  /** Whether a phone signed up by the form opens its confirmation link (issue 20); most people do: default true. */
  verified?: boolean;
}

/** A phone: 390×844, touch, a mobile user agent. */
export async function phone(browser: Browser, baseURL: string, { timezoneId }: PhoneOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, timezoneId });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Signing in ends at / (spec §2: the sign-in screen sends a signed-in person there), which shows the dashboard. */
export async function atDashboard(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/**
 * A phone that has seen the start page already, with an account just created through the create-account form
 * (`suite` names its email): it shows the first-run question (/welcome) that follows every sign-up.
 */
export async function phoneAtWelcome(browser: Browser, suite: string, firstName: string, options: PhoneOptions = {}): Promise<Page> {
  const { context, page } = await phone(browser, provided('gatewayUrl'), options);
  await context.addInitScript(() => sessionStorage.setItem('hasSeenStartPage', 'true'));
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await page.getByLabel('First Name').fill(firstName);
  await page.getByLabel('Last Name').fill('Tester');
  const email = uniqueEmail(`${suite}-${firstName.toLowerCase()}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('lentil-bake-9');
  await page.getByLabel('Confirm Password').fill('lentil-bake-9');
  const answer = page.waitForResponse((response) => response.url().endsWith(httpContract.auth.register.path)).catch(() => null);
  await page.locator('form').getByRole('button', { name: 'Create Account' }).click();
  try {
    await atWelcome(page);
  } catch (error) {
    // Say what the person saw, so a sign-up that fails on a busy machine can be told from a slow one.
    const response = await answer;
    const shown = await page.locator('[role="alert"], [role="status"]').allInnerTexts();
    const registered = response ? `${response.status()} ${await response.text()}` : 'no answer';
    const warnings = stackWarnings().join('\n');
    throw new Error(`Sign-up did not reach the first-run question: the server answered ${registered}; the page shows ${JSON.stringify(shown)}; the stack last warned:\n${warnings}`, {
      cause: error,
    });
  }
  if (options.verified ?? true) {
    // The confirmation link opened as the emailed person would, in another tab: this page learns of it at its next read
    // of the account (answering the first-run question returns it), and the sign-up's toasts stay as the person saw them.
    await pageApi(page)(httpContract.auth.verifyEmail, { body: { token: await verificationTokenSentTo(email) } });
  }
  return page;
}

/** Sign-up leads to the first-run question (issue 18), at /welcome. */
export async function atWelcome(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/welcome');
  await page.getByRole('button', { name: 'Not now' }).waitFor();
}

/** Puts the first-run question off ('Not now'), which leads to the dashboard. */
export async function skipWelcome(page: Page): Promise<void> {
  await atWelcome(page);
  await page.getByRole('button', { name: 'Not now' }).click();
  await atDashboard(page);
}

/** A phone signed up through the create-account form that put the first-run question off: at the dashboard. */
export async function signedUpPhone(browser: Browser, suite: string, firstName: string, options: PhoneOptions = {}): Promise<Page> {
  const page = await phoneAtWelcome(browser, suite, firstName, options);
  await skipWelcome(page);
  return page;
}

/** The signed-in person's own API from their page: the browser's cookies, and the app's Origin the gateway checks. A call that fails throws. */
export function pageApi(page: Page) {
  const origin = provided('gatewayUrl');
  return async <R extends RouteDefinition>(route: R, ...[input]: CallArguments<R>): Promise<RouteResponse<R>> => {
    const path = requestPath(route, input ?? {});
    const response = await page.request.fetch(path, { method: route.method, data: input?.body, headers: { Origin: origin, Accept: 'application/json' } });
    if (!response.ok()) throw new Error(`${route.method} ${path}: ${response.status()} ${await response.text()}`);
    return response.json();
  };
}
