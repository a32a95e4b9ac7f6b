import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fakeApi, json, renderInAdmin } from '../test-kit';
import { EmailCampaignsTab } from './EmailCampaignsTab';

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('email campaigns (spec §2 /admin Email Campaigns)', () => {
  it('shows the totals and a count for every email type by its label, 0 for a type not sent yet', async () => {
    fakeApi((path) =>
      path === '/api/admin/email-stats'
        ? json(200, {
            totalSent: 9,
            totalUsers: 4,
            lastSent: null,
            campaignsByType: [
              { emailType: 'daily-summary', count: 7 },
              { emailType: 'password-reset', count: 2 },
            ],
          })
        : undefined,
    );
    renderInAdmin(<EmailCampaignsTab />);
    const byType = within(await screen.findByRole('region', { name: 'Emails by type' }));
    expect(byType.getAllByRole('group').map((group) => group.textContent)).toEqual(['Daily summary7', 'Meal email0', 'Password reset2', 'Background food search0']);
    expect(screen.getByRole('group', { name: 'Total Emails Sent' }).textContent).toBe('Total Emails Sent92 campaign types');
    expect(screen.getByRole('group', { name: 'Unique Recipients' }).textContent).toBe('Unique Recipients4');
    expect(screen.getByRole('group', { name: 'Last Campaign' }).textContent).toBe('Last CampaignNever');
  });
});
