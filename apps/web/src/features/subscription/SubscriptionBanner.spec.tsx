import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { SubscriptionStatus } from '@fodmap/contracts';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from '@jest/globals';
import { SubscriptionBanner } from './SubscriptionBanner';

const trial = (daysLeft: number, status: SubscriptionStatus['status'] = 'trial'): SubscriptionStatus => ({
  status,
  daysLeft,
  subscriptionEndsAt: '2030-01-01T00:00:00.000Z',
  paymentsAvailable: true,
});

function renderBanner(subscription: SubscriptionStatus | undefined) {
  return render(
    <MemoryRouter>
      <SubscriptionBanner subscription={subscription} />
    </MemoryRouter>,
  );
}

const banner = () => screen.queryByRole('alert', { name: 'Subscription' });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('SubscriptionBanner (spec §4 Subscription)', () => {
  it.each([
    [14, 'MuiAlert-standardInfo'],
    [8, 'MuiAlert-standardInfo'],
    [7, 'MuiAlert-standardWarning'],
    [4, 'MuiAlert-standardWarning'],
    [3, 'MuiAlert-standardError'],
    [1, 'MuiAlert-standardError'],
  ])('colours a trial with %i days left %s', (daysLeft, colourClass) => {
    renderBanner(trial(daysLeft));
    expect(banner()).toHaveProperty('className', expect.stringContaining(colourClass));
    expect(banner()?.textContent).toContain(`You have ${daysLeft} day${daysLeft === 1 ? '' : 's'} left in your free trial`);
  });

  it('shows Trial Expired with Subscribe Now when no days are left and the status is not active', () => {
    renderBanner(trial(0));
    expect(banner()?.textContent).toContain('Trial Expired');
    expect(screen.getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscribe');
  });

  it('says Trial Expired for an account the server reports expired', () => {
    renderBanner(trial(0, 'expired'));
    expect(banner()?.textContent).toContain('Trial Expired');
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it('says Subscription Expired when a canceled or past-due subscription has no days left', () => {
    renderBanner(trial(0, 'canceled'));
    expect(banner()?.textContent).toContain('Subscription Expired');
    expect(screen.getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscribe');
  });

  it('asks a past-due subscriber to update the payment, and cannot be dismissed', () => {
    renderBanner(trial(5, 'past_due'));
    expect(banner()?.textContent).toContain('Your last payment failed. Please update your payment method to keep your subscription.');
    expect(banner()).toHaveProperty('className', expect.stringContaining('MuiAlert-standardError'));
    expect(screen.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('/subscribe');
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it('is hidden for an active subscription or when there is no status', () => {
    renderBanner(trial(0, 'active'));
    expect(banner()).toBeNull();
    cleanup();
    renderBanner(undefined);
    expect(banner()).toBeNull();
  });

  it('can be dismissed', () => {
    renderBanner(trial(10));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(banner()).toBeNull();
  });
});
