import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { accountRoutes, type Advertiser, type AdminUser, type User } from '@fodmap/contracts';
import { hrefOf } from '@fodmap/web-client';
import { jest } from '@jest/globals';
import type { ReactNode } from 'react';
import { ToastProvider } from '@fodmap/web-ui';
import { createAdminQueryClient } from './lib/query-client';

/** The signed-in admin of the admin screens' tests. */
export const adminAnn: User = {
  id: 1,
  email: 'ann@example.com',
  emailVerified: true,
  firstName: 'Ann',
  lastName: 'Lee',
  profileImageUrl: null,
  isAdmin: true,
  emailNotifications: true,
  mealNotifications: false,
  timeZone: 'UTC',
  condition: null,
  dietPhase: null,
  onboarding: 'answered',
  createdAt: '2026-01-01T12:00:00.000Z',
};

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function anAdvertiser(overrides: Partial<Advertiser> = {}): Advertiser {
  return {
    id: 3,
    name: 'Gut Good Co',
    productName: 'Low-FODMAP Granola',
    description: 'Oats and maple, no honey.',
    ctaText: 'Try it',
    ctaLink: 'https://gutgood.example/granola',
    sponsorMessage: null,
    disclaimerText: null,
    isActive: true,
    priority: 1,
    createdAt: '2026-03-03T12:00:00.000Z',
    ...overrides,
  };
}

export function anAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return { id: 4, email: 'bo@example.com', firstName: 'Bo', lastName: 'Diaz', isActive: true, createdAt: '2026-02-02T12:00:00.000Z', ...overrides };
}

/**
 * A stand-in for the gateway: `answer` replies to the requests a test is about (undefined: not handled), Ann is
 * signed in as an admin, and anything else is a 404.
 */
export function fakeApi(answer: (path: string, init: RequestInit | undefined) => Response | Promise<Response> | undefined) {
  const fetchMock = jest.fn<typeof fetch>(async (input, init) => {
    const path = String(input);
    const answered = await answer(path, init);
    if (answered) return answered;
    if (path === hrefOf(accountRoutes.user)) return json(200, adminAnn);
    return json(404, { message: 'Not found' });
  });
  jest.spyOn(globalThis, 'fetch').mockClear().mockImplementation(fetchMock);
  return fetchMock;
}

/** The writes made so far, as 'METHOD path' with their JSON body. */
export const writes = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([path, init]) => ({ request: `${init?.method} ${String(path)}`, body: init?.body ? JSON.parse(String(init.body)) : undefined }));

/** What a tab has around it in the admin app: the query client and the toasts. */
export function renderInAdmin(ui: ReactNode) {
  render(
    <QueryClientProvider client={createAdminQueryClient()}>
      <ToastProvider>{ui}</ToastProvider>
    </QueryClientProvider>,
  );
}
