import { NotificationsMessages } from '@fodmap/contracts';
import { eventually } from '@fodmap/testing';
import { describe, expect, it } from '@jest/globals';
import { Page } from 'playwright-core';
import { emailsTo } from '../support/api';
import { phone, seen, signedUpPhone, suiteBrowser, toastSeen } from '../support/browser';
import { provided } from '../support/provided';

/** The meal email is a job that journal_digest enqueues once the journal's MealCompleted reaches notifications. */
const EMAILED_WITHIN_MS = 30_000;
const LINK_LABEL = 'Bloating · moderate';


const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/meal-email-${name}.png` });

describe('a meal email on a phone (issue 9, journey 1)', () => {
  const browser = suiteBrowser();

  it('turns meal emails on, completes a meal, taps the email’s bloating link signed out and finds the symptom in the Diary', async () => {
    const page = await signedUpPhone(browser(), 'meal-email', 'Noor');
    const tabs = page.getByRole('navigation', { name: 'Main' });

    // Profile: meal emails are off for a new person; one tap turns them on.
    await tabs.getByRole('link', { name: 'Profile' }).click();
    const card = page.getByRole('region', { name: NotificationsMessages.emailNotificationsTitle });
    await seen(card);
    const email = (await page.getByText(/@example\.com$/).first().textContent()) ?? '';
    const mealEmails = card.getByRole('switch', { name: new RegExp(NotificationsMessages.mealEmailsToggle) });
    expect(await mealEmails.isChecked()).toBe(false);
    await mealEmails.click();
    await toastSeen(page, 'Your notification preferences have been saved');
    expect(await mealEmails.isChecked()).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await shot(page, '1-profile-card');

    // Home: a one-food meal, saved and completed.
    await tabs.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('button', { name: 'Start a meal' }).click();
    const builder = page.getByRole('dialog', { name: 'Build Your Meal' });
    await seen(builder);
    await builder.getByLabel('Add a food').fill('white rice');
    const rice = page.getByRole('option', { name: /^White rice/ }).first();
    await seen(rice);
    await rice.click();
    await seen(builder.getByRole('list', { name: 'Foods in this meal' }).getByRole('listitem').first());
    const mealName = await builder.getByLabel('Meal Name').inputValue();
    await builder.getByRole('button', { name: 'Save Meal' }).click();
    await toastSeen(page, 'Success');
    // Today's meals loads as the page scrolls near it, as a person scrolls down to it.
    const todaysMeals = page.getByRole('region', { name: "Today's meals" });
    await todaysMeals.scrollIntoViewIfNeeded();
    const mealCard = todaysMeals.getByRole('article').first();
    await seen(mealCard);
    await mealCard.getByRole('button', { name: `Open ${mealName}` }).click();
    const details = page.getByRole('dialog', { name: new RegExp(`^${mealName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
    await details.getByRole('button', { name: 'Complete' }).click();
    await toastSeen(page, 'Meal Completed!');
    await details.getByRole('button', { name: 'Close' }).click();

    // The meal email, read as a phone shows it, with its one-tap links.
    let html = '';
    await eventually(async () => {
      const meal = (await emailsTo(email)).find((message) => message.html.includes(LINK_LABEL));
      expect(meal).toBeDefined();
      html = meal?.html ?? '';
    }, EMAILED_WITHIN_MS);
    const { context: mailbox, page: mail } = await phone(browser(), provided('gatewayUrl'));
    await mail.setContent(html);
    await seen(mail.getByText(mealName).first());
    await shot(mail, '2-meal-email');
    const href = (await mail.getByRole('link', { name: LINK_LABEL }).getAttribute('href')) ?? '';
    await mailbox.close();
    const link = new URL(href);
    expect(link.origin).toBe(provided('gatewayUrl'));
    expect(link.pathname).toBe('/log-symptom');
    expect(link.searchParams.get('symptom')).toBe('bloating');
    expect(link.searchParams.get('severity')).toBe('2');
    expect(href).not.toContain(encodeURIComponent(email));

    // Tapped in the mail app: a fresh browser tab, signed out, never shown the start page.
    const { page: tapped } = await phone(browser(), provided('gatewayUrl'));
    await tapped.goto(href);
    await seen(tapped.getByText(NotificationsMessages.logSymptomAsk));
    await seen(tapped.getByText('Bloating', { exact: true }));
    await seen(tapped.getByText('Moderate', { exact: true }));
    await seen(tapped.getByText(NotificationsMessages.logSymptomAfterMeal(mealName)));
    await shot(tapped, '3-log-symptom');
    await tapped.getByRole('button', { name: NotificationsMessages.logSymptomButton }).click();
    await seen(tapped.getByText(NotificationsMessages.symptomLogged));
    await seen(tapped.getByRole('link', { name: NotificationsMessages.linkSignIn }));
    await shot(tapped, '4-logged');

    // The same link again: logged once, and the page says so.
    await tapped.reload();
    await seen(tapped.getByText(NotificationsMessages.linkUsed));
    expect(await tapped.getByRole('button', { name: NotificationsMessages.logSymptomButton }).count()).toBe(0);

    // Back in the app: the Diary's day has it, after the meal.
    await tabs.getByRole('link', { name: 'Diary' }).click();
    await page.waitForURL('**/diary');
    const bloating = page.getByRole('article', { name: 'Bloating' });
    await seen(bloating);
    expect(await bloating.textContent()).toContain('Moderate');
    expect(await bloating.textContent()).toContain(`after ${mealName}`);
    await shot(page, '5-diary');
  });
});
