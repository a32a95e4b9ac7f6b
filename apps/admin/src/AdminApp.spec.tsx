import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Messages } from '@fodmap/contracts';
import { AdminApp } from './AdminApp';
import { adminAnn, fakeApi, json, renderInAdmin } from './test-kit';

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('admin area (spec §2 /admin, §6)', () => {
  it('refuses someone who is not an admin', async () => {
    fakeApi((path) => (path === '/api/auth/user' ? json(200, { ...adminAnn, isAdmin: false }) : undefined));
    renderInAdmin(<AdminApp />);
    expect(await screen.findByText(Messages.adminAccessRequired)).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('offers sign-in to a visitor', async () => {
    fakeApi((path) => (path === '/api/auth/user' ? json(401, { message: 'Unauthorized' }) : undefined));
    renderInAdmin(<AdminApp />);
    expect((await screen.findByRole('link', { name: 'Sign In' })).getAttribute('href')).toBe('/login');
  });

  it('shows an admin the four tabs in order, Overview first, and switches between them', async () => {
    fakeApi((path) => {
      if (path === '/api/admin/email-stats') return json(200, { totalSent: 0, totalUsers: 0, lastSent: null, campaignsByType: [] });
      if (path === '/api/admin/advertisers' || path === '/api/admin/advertiser-stats' || path === '/api/admin/admin-users') return json(200, []);
      return undefined;
    });
    renderInAdmin(<AdminApp />);
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual(['Overview', 'Advertisers', 'Email Campaigns', 'Admin Users']);
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('group', { name: 'Total Advertisers' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Admin Users' }));
    expect(await screen.findByText('No admin users found. Add one to get started.')).toBeTruthy();
  });
});
