import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { AccountMessages, accountRoutes, authRoutes } from '@fodmap/contracts';
import { hrefOf } from '@fodmap/web-client';
import { loadToastSnackbar, ToastProvider } from '@fodmap/web-ui';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../../App';
import { AppShell } from '../../components/AppShell';
import { createQueryClient } from '../../lib/query-client';
import { ann, fakeApi, json, requests } from '../../test-kit';

// The page and the banner load lazily; compiling them up front keeps that out of each test's time limits.
beforeAll(() => Promise.all([loadToastSnackbar(), import('./VerifyEmailPage'), import('./VerifyEmailBanner')]));
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const verifyPath = hrefOf(authRoutes.verifyEmail);
const resendPath = hrefOf(authRoutes.resendVerification);

/** The app opened at a path, as the emailed link opens it (a new tab). */
function openApp(path: string) {
  window.history.pushState({}, '', path);
  render(<App />);
}

/** The signed-in shell alone. */
function openShell() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <MemoryRouter initialEntries={['/dashboard']}>
          <AppShell />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('the confirmation link (/verify-email)', () => {
  it('sends the token once and says the address is confirmed', async () => {
    const fetchMock = fakeApi((path) => (path === verifyPath ? json(200, { message: AccountMessages.verifyEmailSuccess }) : undefined));
    openApp('/verify-email?token=emailed-token');

    expect(await screen.findByText('Your email address is confirmed.')).toBeTruthy();
    expect(requests(fetchMock).filter((request) => request === `POST ${verifyPath}`)).toHaveLength(1);
    const [, init] = fetchMock.mock.calls.find(([path]) => String(path) === verifyPath) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'emailed-token' });
  });

  it('shows why a used link fails and, signed in unconfirmed, offers a new one', async () => {
    const fetchMock = fakeApi((path) => {
      if (path === verifyPath) return json(400, { message: AccountMessages.verifyEmailInvalidToken });
      if (path === resendPath) return json(200, { message: AccountMessages.verifyEmailSent });
      if (path === hrefOf(accountRoutes.user)) return json(200, { ...ann, emailVerified: false });
      return undefined;
    });
    openApp('/verify-email?token=used-token');

    expect(await screen.findByText(AccountMessages.verifyEmailInvalidToken)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(AccountMessages.verifyEmailSent)).toBeTruthy();
    expect(requests(fetchMock)).toContain(`POST ${resendPath}`);
  });

  it('tells a signed-in person whose address is confirmed that a link opened again is no failure', async () => {
    fakeApi((path) => (path === verifyPath ? json(400, { message: AccountMessages.verifyEmailInvalidToken }) : undefined));
    openApp('/verify-email?token=used-token');
    expect(await screen.findByText(AccountMessages.verifyEmailAlready)).toBeTruthy();
    expect(screen.queryByText(AccountMessages.verifyEmailInvalidToken)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
  });

  it("leaves the spent link's page out of the history on Continue, so Back never opens it again", async () => {
    fakeApi((path) => (path === verifyPath ? json(200, { message: AccountMessages.verifyEmailSuccess }) : undefined));
    openApp('/verify-email?token=emailed-token');
    const entries = window.history.length;
    fireEvent.click(await screen.findByRole('link', { name: 'Continue' }));
    expect(window.location.pathname).toBe('/');
    expect(window.history.length).toBe(entries);
  });

  it('says a link without a token is invalid, without asking the server', async () => {
    const fetchMock = fakeApi(() => undefined);
    openApp('/verify-email');
    expect(await screen.findByText(AccountMessages.verifyEmailInvalidToken)).toBeTruthy();
    expect(requests(fetchMock)).not.toContain(`POST ${verifyPath}`);
  });
});

describe("the 'Confirm your email' banner", () => {
  it('shows to a signed-in person who has not confirmed, and resends with the server’s answer as a toast', async () => {
    fakeApi((path) => {
      if (path === hrefOf(accountRoutes.user)) return json(200, { ...ann, emailVerified: false });
      if (path === resendPath) return json(429, { message: AccountMessages.tooManyVerificationEmails(1800) });
      return undefined;
    });
    openShell();

    expect(await screen.findByText('Confirm your email')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText('Too many confirmation emails. Please try again in 30 minutes.')).toBeTruthy();
  });

  it('is not there once the address is confirmed', async () => {
    fakeApi(() => undefined);
    openShell();
    expect(await screen.findByRole('navigation')).toBeTruthy();
    expect(screen.queryByText('Confirm your email')).toBeNull();
  });
});
