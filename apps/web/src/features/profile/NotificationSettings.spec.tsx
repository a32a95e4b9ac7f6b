import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { ann, fakeApi, json, renderInApp, requests } from '../../test-kit';
import { NotificationSettings } from './NotificationSettings';

const LINK = 'https://app.example.com/log-symptom?token=abc&symptom=bloating&severity=2';
const tooMany = 'Too many test emails. Please try again in 10 minutes.';

/** An answer held back until the test lets it go: a slow network. */
function held(response: Response) {
  let release!: () => void;
  const answer = new Promise<Response>((resolve) => {
    release = () => resolve(response);
  });
  return { answer, release };
}

const posted = (fetchMock: ReturnType<typeof fakeApi>, path: string) =>
  fetchMock.mock.calls.filter(([called, init]) => called === path && init?.method !== 'GET').map(([, init]) => (init?.body === undefined ? undefined : JSON.parse(String(init.body))));

/** A tab as window.open returns it: where it goes, and whether it was closed. */
function fakeTab() {
  const tab = { location: { href: '' }, close: jest.fn() };
  const open = jest.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
  return { tab, open };
}

const button = (name: string) => screen.getByRole('button', { name });

beforeAll(loadToastSnackbar);
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('Profile Email Notifications card (spec §2 Profile, §8)', () => {
  it('turns meal emails on with the toggle and says the preferences were saved', async () => {
    const fetchMock = fakeApi((path, init) => (path === '/api/auth/user/notifications' && init?.method === 'PATCH' ? json(200, { ...ann, mealNotifications: true }) : undefined));
    renderInApp(<NotificationSettings user={ann} />);
    const card = screen.getByRole('region', { name: 'Email Notifications' });
    expect(within(card).getByText('When you complete a meal, an email with one-tap symptom links.')).toBeTruthy();
    // Whose 8:00: the zone the summary is scheduled in, the person's own.
    expect(within(card).getByText('Each morning at 8:00 (America/Los_Angeles time), a summary of the previous day when you logged anything.')).toBeTruthy();
    const mealEmails = within(card).getByRole('switch', { name: /Meal emails/ }) as HTMLInputElement;
    expect(mealEmails.checked).toBe(false);
    expect((within(card).getByRole('switch', { name: /Daily summary email/ }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(mealEmails);
    expect(await screen.findByText('Your notification preferences have been saved')).toBeTruthy();
    expect(posted(fetchMock, '/api/auth/user/notifications')).toEqual([{ mealNotifications: true }]);
  });

  it('says so when the preferences could not be saved', async () => {
    fakeApi((path) => (path === '/api/auth/user/notifications' ? json(500, { message: 'Internal server error' }) : undefined));
    renderInApp(<NotificationSettings user={ann} />);
    fireEvent.click(screen.getByRole('switch', { name: /Daily summary email/ }));
    expect(await screen.findByText('Failed to update notification preferences')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it('sends a test daily email, with no second request while the first is on its way', async () => {
    const slow = held(json(202, { message: 'Test email sent' }));
    const fetchMock = fakeApi((path) => (path === '/api/test-daily-email-affiliate' ? slow.answer : undefined));
    renderInApp(<NotificationSettings user={ann} />);

    fireEvent.click(button('Send Test Daily Email'));
    await waitFor(() => expect((button('Send Test Daily Email') as HTMLButtonElement).disabled).toBe(true));
    fireEvent.click(button('Send Test Daily Email'));
    slow.release();

    expect(await screen.findByText('Test email sent')).toBeTruthy();
    expect(screen.getByText('Check ann@example.com in a moment.')).toBeTruthy();
    expect(requests(fetchMock).filter((request) => request === 'POST /api/test-daily-email-affiliate')).toHaveLength(1);
    await waitFor(() => expect((button('Send Test Daily Email') as HTMLButtonElement).disabled).toBe(false));
  });

  it('shows the server’s words when a test daily email is refused (too many)', async () => {
    fakeApi((path) => (path === '/api/test-daily-email-affiliate' ? json(429, { message: tooMany }) : undefined));
    renderInApp(<NotificationSettings user={ann} />);
    fireEvent.click(button('Send Test Daily Email'));
    expect(await screen.findByText('Failed to send test email')).toBeTruthy();
    expect(screen.getByText(tooMany)).toBeTruthy();
  });

  it('sends a test meal email naming the signed-in person, and says when it failed', async () => {
    let answer = json(202, { message: 'Test meal email sent' });
    const fetchMock = fakeApi((path) => (path === '/api/send-test-meal-email' ? answer : undefined));
    renderInApp(<NotificationSettings user={ann} />);

    fireEvent.click(button('Send Test Meal Email'));
    expect(await screen.findByText('Test meal email sent')).toBeTruthy();
    expect(posted(fetchMock, '/api/send-test-meal-email')).toEqual([{ email: 'ann@example.com', userId: 1 }]);

    answer = json(503, { message: 'The notifications service is briefly unavailable. Please try again in a few seconds.' });
    fireEvent.click(button('Send Test Meal Email'));
    expect(await screen.findByText('Failed to send test meal email')).toBeTruthy();
    expect(screen.getByText('The notifications service is briefly unavailable. Please try again in a few seconds.')).toBeTruthy();
  });

  it('opens the tab within the tap and sends it to the symptom link once the server answers', async () => {
    const slow = held(json(201, { url: LINK }));
    const fetchMock = fakeApi((path) => (path === '/api/test-symptom-link' ? slow.answer : undefined));
    const { tab, open } = fakeTab();
    renderInApp(<NotificationSettings user={ann} />);

    fireEvent.click(button('Open Symptom Link'));
    // Before any answer: a popup blocker allows a tab opened during the tap only.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe('');
    slow.release();

    await waitFor(() => expect(tab.location.href).toBe(LINK));
    expect(tab.close).not.toHaveBeenCalled();
    expect(requests(fetchMock)).toContain('POST /api/test-symptom-link');
  });

  it('closes the opened tab and says why when no link could be made', async () => {
    fakeApi((path) => (path === '/api/test-symptom-link' ? json(429, { message: tooMany }) : undefined));
    const { tab } = fakeTab();
    renderInApp(<NotificationSettings user={ann} />);
    fireEvent.click(button('Open Symptom Link'));
    expect(await screen.findByText('Failed to create the symptom link')).toBeTruthy();
    expect(screen.getByText(tooMany)).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  it('treats a 401 from a test button as the end of the session (spec §8 Unauthorized)', async () => {
    // Held, so the redirect to the server's sign-in page never leaves the test.
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    fakeApi((path) => (path === '/api/send-test-meal-email' ? json(401, { message: 'Unauthorized' }) : undefined));
    renderInApp(<NotificationSettings user={ann} />);
    fireEvent.click(button('Send Test Meal Email'));
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeTruthy();
    expect(screen.queryByText('Failed to send test meal email')).toBeNull();
  });
});
