import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type SubscriptionStatus, todayIn } from '@fodmap/contracts';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { Route, Routes } from 'react-router-dom';
import { ann, fakeApi, json, renderInApp, requests } from '../../test-kit';
import { SymptomCheck } from '../symptoms/SymptomCheck';
import { SubscriptionBanner } from './SubscriptionBanner';
import { useSubscriptionStatus } from './use-subscription-status';

const EXPIRED_GATED =
  'Your free trial or subscription has ended. Subscribe to keep logging meals and symptoms and to see new insights; your data stays readable and exportable.';
const trial = (daysLeft: number): SubscriptionStatus => ({
  status: daysLeft > 0 ? 'trial' : 'expired',
  daysLeft,
  subscriptionEndsAt: '2030-01-01T00:00:00.000Z',
  paymentsAvailable: true,
});

/** Home as far as this is concerned: the banner over a card that creates (the symptom check). */
function Home() {
  const subscription = useSubscriptionStatus();
  return (
    <>
      <SubscriptionBanner subscription={subscription.data} />
      <SymptomCheck />
    </>
  );
}

/** The trial ended while the app was open: the cached status still says 1 day, the server already refuses. */
function gatedApi() {
  let statusReads = 0;
  return fakeApi((path, init) => {
    if (path === '/api/subscription-status') return json(200, trial(statusReads++ === 0 ? 1 : 0));
    if (path === `/api/symptoms?date=${todayIn(ann.timeZone)}`) return json(200, []);
    if (path === '/api/symptoms' && init?.method === 'POST') return json(402, { message: EXPIRED_GATED });
    return undefined;
  });
}

async function logBloating() {
  fireEvent.click(await screen.findByRole('button', { name: 'Bloating' }));
  const dialog = await screen.findByRole('dialog', { name: 'Log Symptom' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Log Symptom' }));
}

beforeAll(() => Promise.all([import('../symptoms/SymptomDialog'), loadToastSnackbar()]));
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
  sessionStorage.clear();
});

describe('a 402 from a gated call (issue 11)', () => {
  it('says the trial or subscription has ended, turns the banner to Trial Expired and offers /subscribe', async () => {
    const fetchMock = gatedApi();
    renderInApp(
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/subscribe" element={<p>The subscribe screen</p>} />
      </Routes>,
    );
    expect((await screen.findByRole('alert', { name: 'Subscription' })).textContent).toContain('You have 1 day left in your free trial');

    await logBloating();
    const toast = await screen.findByText(EXPIRED_GATED);
    // Not the dialog's generic failure: the one message that says what happened and what to do.
    expect(screen.queryByText(/^402/)).toBeNull();
    // Behind the symptom form, which stays open (hidden from the accessibility tree meanwhile).
    await waitFor(() => expect(screen.getByRole('alert', { name: 'Subscription', hidden: true }).textContent).toContain('Trial Expired'));
    expect(requests(fetchMock).filter((request) => request === 'GET /api/subscription-status')).toHaveLength(2);

    fireEvent.click(within(toast.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Subscribe Now' }));
    expect(await screen.findByText('The subscribe screen')).toBeTruthy();
  });
});
