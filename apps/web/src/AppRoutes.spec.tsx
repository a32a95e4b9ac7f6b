import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { App } from './App';
import { ann, json } from './test-kit';

/** A stand-in for the gateway: signed out until a login succeeds. */
function fakeApi() {
  let signedIn = false;
  const fetchMock = jest.fn<typeof fetch>(async (input, init) => {
    const path = String(input);
    if (path === '/api/domain-config') return json(200, { displayName: 'Gut Diary' });
    if (path === '/api/auth/user') return signedIn ? json(200, ann) : json(401, { message: 'Unauthorized' });
    if (path === '/api/subscription-status') return json(200, { status: 'trial', daysLeft: 5, subscriptionEndsAt: '2030-01-01T00:00:00.000Z' });
    if (path === '/api/reset-password' && init?.method === 'POST') return json(200, { message: 'Your password has been reset.' });
    if (path === '/api/auth/local/login' && init?.method === 'POST') {
      signedIn = true;
      return json(200, ann);
    }
    if (path === '/api/auth/local/register' && init?.method === 'POST') {
      signedIn = true;
      return json(201, { ...ann, onboarding: 'pending' });
    }
    if (path === '/api/auth/user/profile' && init?.method === 'PATCH') return json(200, { ...ann, onboarding: 'skipped' });
    return json(404, { message: 'Not found' });
  });
  jest.spyOn(globalThis, 'fetch').mockClear().mockImplementation(fetchMock);
  return fetchMock;
}

function openAt(path: string) {
  window.history.pushState({}, '', path);
  render(<App />);
}

// The screens load lazily; compiling them once up front keeps that out of each test's time limits.
beforeAll(() =>
  Promise.all([
    import('./features/start/StartPage'),
    import('./features/auth/LoginPage'),
    import('./features/auth/ResetPasswordPage'),
    import('./features/emails/LogSymptomPage'),
    import('./features/emails/UnsubscribePage'),
    import('./features/dashboard/DashboardPage'),
    import('./features/not-found/NotFoundPage'),
    import('./features/onboarding/WelcomePage'),
    loadToastSnackbar(),
  ]),
);
beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('routing (spec §2)', () => {
  it('shows the start page on a first visit, and Skip Intro leads to sign-in', async () => {
    fakeApi();
    openAt('/dashboard');
    // The card fades in after 500 ms, once the screen's code has loaded.
    fireEvent.click(await screen.findByRole('button', { name: 'Skip Intro' }, { timeout: 3000 }));
    expect(await screen.findByRole('button', { name: 'Sign In' }, { timeout: 3000 })).toBeTruthy();
    expect(sessionStorage.getItem('hasSeenStartPage')).toBe('true');
    expect(window.location.pathname).toBe('/login');
  });

  it('moves on from the start page by itself after 10 seconds', async () => {
    jest.useFakeTimers();
    fakeApi();
    openAt('/');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10_100);
    });
    expect(window.location.pathname).toBe('/login');
  });

  it('keeps /reset-password reachable on a first visit', async () => {
    fakeApi();
    openAt('/reset-password');
    expect(await screen.findByText('Invalid or missing reset token. Please request a new password reset.')).toBeTruthy();
  });

  it('leads from a reset opened in a new tab (no start flag) to sign-in, without the intro', async () => {
    fakeApi();
    openAt('/reset-password?token=emailed-token');
    fireEvent.change(await screen.findByLabelText('New Password'), { target: { value: 'Lentil-bake-9!' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'Lentil-bake-9!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Your password has been reset.')).toBeTruthy();

    // Spec §2: the sign-in page 3 s later.
    expect(await screen.findByRole('button', { name: 'Sign In' }, { timeout: 5000 })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Skip Intro' })).toBeNull();
  }, 10_000);

  it.each([
    ['/log-symptom', 'This link is incomplete. Please open it again from your email.'],
    ['/unsubscribe', 'This unsubscribe link is not valid. Sign in and turn emails off under Profile.'],
  ])('keeps %s reachable on a first visit, as an email opens it', async (path, message) => {
    fakeApi();
    openAt(path);
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('signs in with a lowercased email and lands on the branded dashboard', async () => {
    sessionStorage.setItem('hasSeenStartPage', 'true');
    const fetchMock = fakeApi();
    openAt('/login');

    fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(document.title).toBe('Sign In · Gut Diary');
    expect(await screen.findByText('Please fill in both email and password')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Ann@Example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    const moves = [jest.spyOn(window.history, 'pushState'), jest.spyOn(window.history, 'replaceState')];
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Hi, Ann')).toBeTruthy();
    // Straight to /, the dashboard: no detour through a signed-in path that, asked for before the session held the
    // person, the router would bounce as signed out.
    expect(moves.flatMap((move) => move.mock.calls.map(([, , url]) => new URL(String(url), window.location.href).pathname))).toEqual(['/']);
    expect(window.location.pathname).toBe('/');
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    expect(screen.getByText('Logged in as Ann')).toBeTruthy();
    expect(await screen.findByText('You have 5 days left in your free trial')).toBeTruthy();
    expect(screen.getAllByText('Gut Diary').length).toBeGreaterThan(0);
    expect(document.title).toBe('Dashboard · Gut Diary');
    const login = fetchMock.mock.calls.find(([path]) => path === '/api/auth/local/login');
    expect(JSON.parse(String(login?.[1]?.body))).toEqual({ email: 'ann@example.com', password: 'secret-pass' });
  });

  it('asks the first-run question right after creating an account, and Not now leads to the dashboard', async () => {
    sessionStorage.setItem('hasSeenStartPage', 'true');
    fakeApi();
    openAt('/login');
    fireEvent.click(await screen.findByRole('tab', { name: 'Create Account' }));
    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: 'Lee' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'secret-pass' } });
    const moves = [jest.spyOn(window.history, 'pushState'), jest.spyOn(window.history, 'replaceState')];
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Ann' }, { timeout: 8000 })).toBeTruthy();
    expect(window.location.pathname).toBe('/welcome');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(await screen.findByText('Hi, Ann', undefined, { timeout: 3000 })).toBeTruthy();
    expect(window.location.pathname).toBe('/');
    // Straight to the question, then to the dashboard: never through a path the signed-out routes would bounce.
    expect(moves.flatMap((move) => move.mock.calls.map(([, , url]) => new URL(String(url), window.location.href).pathname))).toEqual(['/welcome', '/']);
  }, 20_000);

  it('shows Page Not Found for an unknown path', async () => {
    sessionStorage.setItem('hasSeenStartPage', 'true');
    fakeApi();
    openAt('/nowhere');
    expect(await screen.findByText('Page Not Found')).toBeTruthy();
    expect(document.title).toBe('Page Not Found · Gut Diary');
  });
});
