import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { App } from '../../App';
import { fakeApi, json, requests } from '../../test-kit';

const TOKEN = 'v1.eyJ1IjoxLCJwIjoibSJ9.c2ln';

function unsubscribeApi(answer: () => Response, signedIn = false) {
  return fakeApi((path, init) => {
    if (path === '/api/auth/user' && !signedIn) return json(401, { message: 'Unauthorized' });
    if (path === '/api/unsubscribe' && init?.method === 'POST') return answer();
    return undefined;
  });
}

function openAt(path: string) {
  window.history.pushState({}, '', path);
  render(<App />);
}

const posted = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls.filter(([path, init]) => path === '/api/unsubscribe' && init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)));

beforeAll(() => import('./UnsubscribePage'));
beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('/unsubscribe (issue 9)', () => {
  it('turns the email’s preference off on opening, signed out, on a first visit, and says which', async () => {
    const fetchMock = unsubscribeApi(() => json(200, { message: "You won't receive meal emails any more.", preference: 'mealNotifications' }));
    openAt(`/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByText("You won't receive meal emails any more.")).toBeTruthy();
    expect(screen.getByText('You can turn them back on under Profile, Email Notifications.')).toBeTruthy();
    expect(posted(fetchMock)).toEqual([{ token: TOKEN }]);
    expect((await screen.findByRole('link', { name: 'Sign In' })).getAttribute('href')).toBe('/login');
  });

  it('names the daily summary when that is what the link turned off, and leads to Profile when signed in', async () => {
    unsubscribeApi(() => json(200, { message: "You won't receive daily summary emails any more.", preference: 'emailNotifications' }), true);
    openAt(`/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByText("You won't receive daily summary emails any more.")).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Open Profile' })).getAttribute('href')).toBe('/profile');
  });

  it('says a refused link is not valid', async () => {
    unsubscribeApi(() => json(400, { message: 'This link is not valid. Please open it again from your email, or sign in to log your symptom.' }));
    openAt(`/unsubscribe?token=forged`);
    expect(await screen.findByText('This unsubscribe link is not valid. Sign in and turn emails off under Profile.')).toBeTruthy();
  });

  it('says a link without a token is not valid, and asks the server nothing', async () => {
    const fetchMock = unsubscribeApi(() => json(200, {}));
    openAt('/unsubscribe');
    expect(await screen.findByText('This unsubscribe link is not valid. Sign in and turn emails off under Profile.')).toBeTruthy();
    expect(requests(fetchMock).filter((request) => request.includes('/api/unsubscribe'))).toEqual([]);
  });
});
