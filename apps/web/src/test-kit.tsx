import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { accountRoutes, type Meal, type User } from '@fodmap/contracts';
import { hrefOf } from '@fodmap/web-client';
import { jest } from '@jest/globals';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ToastProvider } from '@fodmap/web-ui';
import { createQueryClient } from './lib/query-client';

/** The signed-in person of the phone app's screen tests. */
export const ann: User = {
  id: 1,
  email: 'ann@example.com',
  emailVerified: true,
  firstName: 'Ann',
  lastName: 'Lee',
  profileImageUrl: null,
  isAdmin: false,
  emailNotifications: true,
  mealNotifications: false,
  timeZone: 'America/Los_Angeles',
  condition: null,
  dietPhase: null,
  onboarding: 'answered',
  createdAt: '2025-01-01T00:00:00.000Z',
};

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A meal as the journal answers it, with no foods; tests override what they are about. */
export function aMeal(overrides: Partial<Meal> = {}): Meal {
  return {
    id: 1,
    name: 'Lunch',
    mealType: 'lunch',
    timestamp: '2025-03-03T20:00:00.000Z',
    completed: true,
    notes: null,
    foods: [],
    symptoms: [],
    fodmapScore: null,
    fodmapBand: 'none',
    unknownFoods: 0,
    stacking: { groups: [], stacked: [], unknownFoods: 0 },
    totalCalories: null,
    ...overrides,
  };
}

/**
 * A stand-in for the gateway: `answer` replies to the routes a test is about (undefined: not handled), Ann is signed
 * in, and anything else is a 404.
 */
export function fakeApi(answer: (path: string, init: RequestInit | undefined) => Response | Promise<Response> | undefined) {
  const fetchMock = jest.fn<typeof fetch>(async (input, init) => {
    const path = String(input);
    const answered = await answer(path, init);
    if (answered) return answered;
    if (path === hrefOf(accountRoutes.user)) return json(200, ann);
    return json(404, { message: 'Not found' });
  });
  jest.spyOn(globalThis, 'fetch').mockClear().mockImplementation(fetchMock);
  return fetchMock;
}

/** The requests made so far, as 'METHOD path'. */
export const requests = (fetchMock: ReturnType<typeof fakeApi>) => fetchMock.mock.calls.map(([path, init]) => `${init?.method ?? 'GET'} ${String(path)}`);

/** What a screen has around it in the app: the query client, toasts and a router. */
export function renderInApp(ui: ReactNode) {
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}
