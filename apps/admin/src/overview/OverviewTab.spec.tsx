import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { AdvertiserStats, EmailStats } from '@fodmap/contracts';
import { formatDate } from '../lib/format-date';
import { anAdvertiser, fakeApi, json, renderInAdmin } from '../test-kit';
import { OverviewTab } from './OverviewTab';

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

function statsApi(emailStats: EmailStats, advertiserStats: AdvertiserStats[]) {
  return fakeApi((path) => {
    if (path === '/api/admin/advertisers') return json(200, [anAdvertiser(), anAdvertiser({ id: 5, name: 'Calm Belly', isActive: false }), anAdvertiser({ id: 6, name: 'Oat Hub' })]);
    if (path === '/api/admin/email-stats') return json(200, emailStats);
    if (path === '/api/admin/advertiser-stats') return json(200, advertiserStats);
    return undefined;
  });
}

const card = (label: string) => within(screen.getByRole('group', { name: label }));

describe('overview (spec §2 /admin Overview)', () => {
  it('shows the four cards from the statistics, and each advertiser’s sends, last send and clicks, deleted ones marked', async () => {
    statsApi(
      {
        totalSent: 42,
        totalUsers: 17,
        lastSent: '2026-03-04T12:00:00.000Z',
        campaignsByType: [
          { emailType: 'daily-summary', count: 30 },
          { emailType: 'meal', count: 12 },
        ],
      },
      [
        { advertiserId: 3, advertiserName: 'Gut Good Co', totalEmailsSent: 20, lastEmailSent: '2026-03-04T12:00:00.000Z', clicks: 4, deleted: false },
        { advertiserId: 2, advertiserName: 'Old Sponsor', totalEmailsSent: 10, lastEmailSent: '2026-02-01T12:00:00.000Z', clicks: 0, deleted: true },
        { advertiserId: 6, advertiserName: 'Oat Hub', totalEmailsSent: 0, lastEmailSent: null, clicks: 0, deleted: false },
      ],
    );
    renderInAdmin(<OverviewTab />);

    expect((await screen.findByRole('group', { name: 'Total Advertisers' })).textContent).toBe('Total Advertisers32 active');
    expect(card('Total Emails Sent').getByText('42')).toBeTruthy();
    expect(card('Total Emails Sent').getByText('2 campaign types')).toBeTruthy();
    expect(card('Unique Recipients').getByText('17')).toBeTruthy();
    expect(card('Last Campaign').getByText(formatDate('2026-03-04T12:00:00.000Z'))).toBeTruthy();

    const rows = within(screen.getByRole('table', { name: 'Advertiser Performance' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)])).toEqual([
      ['Gut Good Co', '20', formatDate('2026-03-04T12:00:00.000Z'), '4'],
      ['Old SponsorDeleted', '10', formatDate('2026-02-01T12:00:00.000Z'), '0'],
      ['Oat Hub', '0', 'Never', '0'],
    ]);
  });

  it("says 'Never' before the first campaign", async () => {
    statsApi({ totalSent: 0, totalUsers: 0, lastSent: null, campaignsByType: [] }, []);
    renderInAdmin(<OverviewTab />);
    expect((await screen.findByRole('group', { name: 'Last Campaign' })).textContent).toBe('Last CampaignNever');
    expect(card('Total Emails Sent').getByText('0 campaign types')).toBeTruthy();
  });

  it('says which figures could not be read, and still shows the others', async () => {
    fakeApi((path) => {
      if (path === '/api/admin/advertisers') return json(200, [anAdvertiser()]);
      if (path === '/api/admin/email-stats') return json(504, { message: 'Gateway Timeout' });
      if (path === '/api/admin/advertiser-stats') return json(200, []);
      return undefined;
    });
    renderInAdmin(<OverviewTab />);
    expect(await screen.findByText('Could not load email statistics: 504: Gateway Timeout')).toBeTruthy();
    expect(card('Total Advertisers').getByText('1 active')).toBeTruthy();
  });
});
