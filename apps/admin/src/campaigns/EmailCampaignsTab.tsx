import { Stack, Typography } from '@mui/material';
import { AdminMessages, EMAIL_TYPE_LABELS, EMAIL_TYPES, type EmailType } from '@fodmap/contracts';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../components/QueryState';
import { StatCard } from '../components/StatCard';
import { StatCards } from '../components/StatCards';
import { TabHeader } from '../components/TabHeader';
import { formatLastSent } from '../lib/format-date';
import { emailStatsQuery } from '../stats/stats-api';

/** Spec §2 Email Campaigns: the overall totals, then a count for every email type (0 for a type not sent yet). */
export function EmailCampaignsTab() {
  const emailStats = useQuery(emailStatsQuery);
  return (
    <Stack spacing={3}>
      <TabHeader title="Email Campaigns" />
      <QueryState query={emailStats} label="email statistics">
        {(stats) => {
          const sent = new Map<string, number>(stats.campaignsByType.map(({ emailType, count }) => [emailType, count]));
          // A type the server counts that this build does not know yet still shows, under its own name.
          const types: string[] = [...new Set<string>([...EMAIL_TYPES, ...sent.keys()])];
          return (
            <>
              <StatCards>
                <StatCard label={AdminMessages.totalEmailsSent} value={stats.totalSent} caption={AdminMessages.campaignTypes(stats.campaignsByType.length)} />
                <StatCard label={AdminMessages.uniqueRecipients} value={stats.totalUsers} />
                <StatCard label={AdminMessages.lastCampaign} value={formatLastSent(stats.lastSent)} />
              </StatCards>
              <section aria-labelledby="emails-by-type">
                <Typography id="emails-by-type" variant="h6" component="h3" gutterBottom>
                  Emails by type
                </Typography>
                <StatCards>
                  {types.map((emailType) => (
                    <StatCard key={emailType} label={EMAIL_TYPE_LABELS[emailType as EmailType] ?? emailType} value={sent.get(emailType) ?? 0} />
                  ))}
                </StatCards>
              </section>
            </>
          );
        }}
      </QueryState>
    </Stack>
  );
}
