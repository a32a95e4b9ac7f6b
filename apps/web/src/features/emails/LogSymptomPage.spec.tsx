import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { App } from '../../App';
import { fakeApi, json, requests } from '../../test-kit';

const TOKEN = 'v1.eyJ1IjoxfQ.c2lnbmF0dXJl';
const LINK = `/log-symptom?token=${encodeURIComponent(TOKEN)}&symptom=bloating&severity=2`;
const preview = { symptomType: 'bloating', severity: 'moderate', mealName: 'Garlic Pasta', expiresAt: '2030-01-01T00:00:00.000Z' };
const logged = { message: 'Symptom logged successfully', symptomId: 9, symptomType: 'bloating', severity: 'moderate', mealId: 5 };

/** The gateway's link routes, answering as told; signed in (Ann) unless `signedIn` is false. */
function linkApi({ read = () => json(200, preview), post = () => json(201, logged), signedIn = true }: { read?: () => Response | Promise<Response>; post?: () => Response | Promise<Response>; signedIn?: boolean } = {}) {
  return fakeApi((path, init) => {
    if (path === '/api/auth/user' && !signedIn) return json(401, { message: 'Unauthorized' });
    if (path === `/api/log-symptom?token=${encodeURIComponent(TOKEN)}`) return read();
    if (path === '/api/log-symptom' && init?.method === 'POST') return post();
    return undefined;
  });
}

function openAt(path: string) {
  window.history.pushState({}, '', path);
  render(<App />);
}

const logButton = () => screen.findByRole('button', { name: 'Log Symptom' });
const postedBodies = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls.filter(([path, init]) => path === '/api/log-symptom' && init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)));

beforeAll(() => import('./LogSymptomPage'));
// A phone opening the email's link in a fresh tab: no start-page flag, which must not stand in its way.
beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('/log-symptom (spec §2, issue 9)', () => {
  it('shows what a valid link will log, logs it with one tap and says so on the page, signed out, on a first visit', async () => {
    const fetchMock = linkApi({ signedIn: false });
    openAt(LINK);

    expect(await screen.findByText('Log this symptom?')).toBeTruthy();
    expect(screen.getByText('Bloating')).toBeTruthy();
    expect(screen.getByText('Moderate')).toBeTruthy();
    expect(screen.getByText('After Garlic Pasta')).toBeTruthy();
    expect(document.title).toMatch(/^Log Symptom/);

    fireEvent.click(await logButton());
    expect(await screen.findByText('Symptom logged successfully')).toBeTruthy();
    expect(postedBodies(fetchMock)).toEqual([{ token: TOKEN, symptom: 'bloating', severity: '2' }]);
    expect(screen.queryByRole('button', { name: 'Log Symptom' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
  });

  it('offers the Diary after logging when signed in', async () => {
    linkApi();
    openAt(LINK);
    fireEvent.click(await logButton());
    expect(await screen.findByText('Symptom logged successfully')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Open Diary' })).getAttribute('href')).toBe('/diary');
  });

  it('sends one request however often a slow network tempts a second tap, with a spinner meanwhile', async () => {
    let release!: () => void;
    const slow = new Promise<Response>((resolve) => {
      release = () => resolve(json(201, logged));
    });
    const fetchMock = linkApi({ post: () => slow });
    openAt(LINK);

    const button = await logButton();
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(button.querySelector('[role="progressbar"]')).not.toBeNull();
    fireEvent.click(button);
    release();

    expect(await screen.findByText('Symptom logged successfully')).toBeTruthy();
    expect(postedBodies(fetchMock)).toHaveLength(1);
  });

  it.each([
    ['expired', 410, 'This link has expired: links work for 48 hours. Please sign in to log your symptom.'],
    ['forged', 400, 'This link is not valid. Please open it again from your email, or sign in to log your symptom.'],
  ])('says a %s link cannot log anything and offers to sign in', async (_kind, status, message) => {
    const fetchMock = linkApi({ read: () => json(status, { message }), signedIn: false });
    openAt(LINK);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log Symptom' })).toBeNull();
    expect((await screen.findByRole('link', { name: 'Sign In' })).getAttribute('href')).toBe('/login');
    expect(postedBodies(fetchMock)).toEqual([]);
  });

  it('says so when the link was used already (the tap answered 409), offering the Diary when signed in', async () => {
    const used = 'This symptom was already logged from this link.';
    linkApi({ post: () => json(409, { message: used }) });
    openAt(LINK);
    fireEvent.click(await logButton());
    expect(await screen.findByText(used)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log Symptom' })).toBeNull();
    expect(await screen.findByRole('link', { name: 'Open Diary' })).toBeTruthy();
  });

  it("says the trial is over and offers to subscribe when the account's trial or subscription has ended (the tap answered 402)", async () => {
    const expired = 'Your free trial has ended. Subscribe to keep logging.';
    linkApi({ post: () => json(402, { message: expired }) });
    openAt(LINK);
    fireEvent.click(await logButton());
    expect(await screen.findByText(expired)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log Symptom' })).toBeNull();
    expect((await screen.findByRole('link', { name: 'Subscribe Now' })).getAttribute('href')).toBe('/subscribe');
  });

  it('keeps the button for another tap when the network failed on the way', async () => {
    let attempt = 0;
    const fetchMock = linkApi({ post: () => (++attempt === 1 ? Promise.reject(new TypeError('Failed to fetch')) : json(201, logged)) });
    openAt(LINK);
    fireEvent.click(await logButton());
    expect(await screen.findByText('Something went wrong on the way. Please try again.')).toBeTruthy();
    fireEvent.click(await logButton());
    expect(await screen.findByText('Symptom logged successfully')).toBeTruthy();
    expect(postedBodies(fetchMock)).toHaveLength(2);
  });

  it.each([
    ['the token', '/log-symptom?symptom=bloating&severity=2'],
    ['the severity', `/log-symptom?token=${TOKEN}&symptom=bloating`],
  ])('says the link is incomplete without %s, and asks the server nothing', async (_missing, path) => {
    const fetchMock = linkApi({ signedIn: false });
    openAt(path);
    expect(await screen.findByText('This link is incomplete. Please open it again from your email.')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeTruthy();
    expect(requests(fetchMock).filter((request) => request.includes('/api/log-symptom'))).toEqual([]);
  });

  it('refuses a link whose symptom the journal does not know (edited by hand) in the words the server uses, asking it nothing', async () => {
    const fetchMock = linkApi({ signedIn: false });
    openAt(`/log-symptom?token=${encodeURIComponent(TOKEN)}&symptom=hiccups&severity=2`);
    expect(await screen.findByText('The symptom or severity does not match this link.')).toBeTruthy();
    expect(requests(fetchMock).filter((request) => request.includes('/api/log-symptom'))).toEqual([]);
  });
});
