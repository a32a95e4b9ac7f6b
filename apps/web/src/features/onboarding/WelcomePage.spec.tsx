import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { User } from '@fodmap/contracts';
import { loadToastSnackbar, ToastProvider } from '@fodmap/web-ui';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createQueryClient } from '../../lib/query-client';
import { BrandingProvider } from '../branding/BrandingProvider';
import { ann, fakeApi, json, requests } from '../../test-kit';
import { WelcomePage } from './WelcomePage';

/** Ann right after sign-up: the question not yet asked, her browser in Los Angeles. */
const newAnn: User = { ...ann, onboarding: 'pending' };

function openWelcome() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BrandingProvider>
        <ToastProvider>
          <MemoryRouter initialEntries={['/welcome']}>
            <Routes>
              <Route path="/welcome" element={<WelcomePage />} />
              <Route path="/" element={<p>The dashboard</p>} />
            </Routes>
          </MemoryRouter>
        </ToastProvider>
      </BrandingProvider>
    </QueryClientProvider>,
  );
}

const sent = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([path, init]) => [String(path), JSON.parse(String(init?.body))]);

beforeAll(loadToastSnackbar);
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('the first-run question (issue 18)', () => {
  it("offers the browser's zone by name, and the daily summary's 8:00 follows the zone chosen", async () => {
    fakeApi((path) => (path === '/api/auth/user' ? json(200, newAnn) : undefined));
    openWelcome();
    expect(await screen.findByRole('heading', { name: 'Welcome, Ann' })).toBeTruthy();
    const zone = screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement;
    expect(zone.value).toBe('America/Los_Angeles');
    expect(screen.getByText(/^Pacific (Standard|Daylight) Time, \d{1,2}:\d{2} [AP]M now$/)).toBeTruthy();
    expect(screen.getByText('Each morning at 8:00 (America/Los_Angeles time), a summary of the previous day when you logged anything.')).toBeTruthy();

    fireEvent.focus(zone);
    fireEvent.change(zone, { target: { value: 'Europe/Lond' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Europe/London' }));
    expect(zone.value).toBe('Europe/London');
    expect(screen.getByText(/^(Greenwich Mean|British Summer) Time, /)).toBeTruthy();
    expect(screen.getByText(/^Each morning at 8:00 \(Europe\/London time\)/)).toBeTruthy();
  });

  it('saves the emails, then the answers and the confirmed zone, and goes to the dashboard', async () => {
    const fetchMock = fakeApi((path, init) => {
      if (path === '/api/auth/user') return json(200, newAnn);
      if (path === '/api/auth/user/notifications') return json(200, { ...newAnn, mealNotifications: true });
      if (path === '/api/auth/user/profile' && init?.method === 'PATCH') return json(200, { ...newAnn, mealNotifications: true, condition: 'ibs', dietPhase: 'elimination', onboarding: 'answered' });
      return undefined;
    });
    openWelcome();
    fireEvent.click(await screen.findByRole('radio', { name: 'IBS' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Strict (elimination) phase' }));
    fireEvent.click(screen.getByRole('switch', { name: /Meal emails/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByText('The dashboard')).toBeTruthy();
    expect(sent(fetchMock)).toEqual([
      ['/api/auth/user/notifications', { emailNotifications: true, mealNotifications: true }],
      ['/api/auth/user/profile', { condition: 'ibs', dietPhase: 'elimination', timeZone: 'America/Los_Angeles', onboarding: 'answered' }],
    ]);
  });

  it("sends only the question's answer when a question was left open", async () => {
    const fetchMock = fakeApi((path) => {
      if (path === '/api/auth/user') return json(200, newAnn);
      if (path === '/api/auth/user/notifications') return json(200, newAnn);
      if (path === '/api/auth/user/profile') return json(200, { ...newAnn, dietPhase: 'starting', onboarding: 'answered' });
      return undefined;
    });
    openWelcome();
    fireEvent.click(await screen.findByRole('radio', { name: 'Just starting' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('The dashboard')).toBeTruthy();
    expect(sent(fetchMock).at(-1)).toEqual(['/api/auth/user/profile', { dietPhase: 'starting', timeZone: 'America/Los_Angeles', onboarding: 'answered' }]);
  });

  it("puts the question off with 'Not now', sending nothing else, and goes to the dashboard", async () => {
    const fetchMock = fakeApi((path) => {
      if (path === '/api/auth/user') return json(200, newAnn);
      if (path === '/api/auth/user/profile') return json(200, { ...newAnn, onboarding: 'skipped' });
      return undefined;
    });
    openWelcome();
    fireEvent.click(await screen.findByRole('radio', { name: 'IBS' }));
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(await screen.findByText('The dashboard')).toBeTruthy();
    expect(sent(fetchMock)).toEqual([['/api/auth/user/profile', { onboarding: 'skipped' }]]);
  });

  it('stays and says so when the answers could not be saved', async () => {
    fakeApi((path) => {
      if (path === '/api/auth/user') return json(200, newAnn);
      if (path === '/api/auth/user/notifications') return json(200, newAnn);
      if (path === '/api/auth/user/profile') return json(503, { message: 'The identity service is briefly unavailable. Please try again in a few seconds.' });
      return undefined;
    });
    openWelcome();
    fireEvent.click(await screen.findByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Failed to save your answers')).toBeTruthy();
    expect(screen.getByText('Please try again, or choose Not now.')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Not now' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText('The dashboard')).toBeNull();
  });

  it('is not asked again once answered or skipped: the address leads to the dashboard', async () => {
    const fetchMock = fakeApi(() => undefined);
    openWelcome();
    expect(await screen.findByText('The dashboard')).toBeTruthy();
    expect(requests(fetchMock).filter((request) => !request.startsWith('GET '))).toEqual([]);
  });
});
