import { Chip, Stack, Typography } from '@mui/material';
import { AdminMessages } from '@fodmap/contracts';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../components/EmptyState';
import { QueryState } from '../components/QueryState';
import { RecordList } from '../components/RecordList';
import { formatLastSent } from '../lib/format-date';
import { advertiserStatsQuery } from '../stats/stats-api';

/** Sends, last send and call-to-action clicks per advertiser; a deleted advertiser keeps its row, marked as deleted. */
export function AdvertiserPerformance() {
  const stats = useQuery(advertiserStatsQuery);
  return (
    <section aria-labelledby="advertiser-performance">
      <Typography id="advertiser-performance" variant="h6" component="h3" gutterBottom>
        {AdminMessages.advertiserPerformance}
      </Typography>
      <QueryState query={stats} label="advertiser statistics">
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState title={AdminMessages.noAdvertisers} hint={AdminMessages.noAdvertisersHint} />
          ) : (
            <RecordList
              label={AdminMessages.advertiserPerformance}
              records={rows}
              recordKey={(row) => row.advertiserId}
              title={(row) => (
                <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center' }}>
                  <span>{row.advertiserName}</span>
                  {row.deleted && <Chip size="small" label="Deleted" />}
                </Stack>
              )}
              columns={[
                { header: 'Emails sent', cell: (row) => row.totalEmailsSent },
                { header: 'Last sent', cell: (row) => formatLastSent(row.lastEmailSent) },
                { header: 'Clicks', cell: (row) => row.clicks },
              ]}
            />
          )
        }
      </QueryState>
    </section>
  );
}
