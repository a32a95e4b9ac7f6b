import { Stack } from '@mui/material';
import { AdminMessages } from '@fodmap/contracts';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../components/QueryState';
import { StatCard } from '../components/StatCard';
import { StatCards } from '../components/StatCards';
import { TabHeader } from '../components/TabHeader';
import { advertisersQuery } from '../advertisers/advertisers-api';
import { formatLastSent } from '../lib/format-date';
import { emailStatsQuery } from '../stats/stats-api';
import { AdvertiserPerformance } from './AdvertiserPerformance';

/** Spec §2 Overview: the four cards, then how each advertiser performed. */
export function OverviewTab() {
  const advertisers = useQuery(advertisersQuery);
  const emailStats = useQuery(emailStatsQuery);
  return (
    <Stack spacing={3}>
      <TabHeader title="Overview" />
      <StatCards>
        <QueryState query={advertisers} label="advertisers">
          {(list) => <StatCard label={AdminMessages.totalAdvertisers} value={list.length} caption={AdminMessages.activeCount(list.filter((advertiser) => advertiser.isActive).length)} />}
        </QueryState>
        <QueryState query={emailStats} label="email statistics">
          {(stats) => (
            <>
              <StatCard label={AdminMessages.totalEmailsSent} value={stats.totalSent} caption={AdminMessages.campaignTypes(stats.campaignsByType.length)} />
              <StatCard label={AdminMessages.uniqueRecipients} value={stats.totalUsers} />
              <StatCard label={AdminMessages.lastCampaign} value={formatLastSent(stats.lastSent)} />
            </>
          )}
        </QueryState>
      </StatCards>
      <AdvertiserPerformance />
    </Stack>
  );
}
