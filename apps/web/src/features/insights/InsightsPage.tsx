import { List, ListItem, Typography } from '@mui/material';
import { DEFAULT_CORRELATION_PERIOD, InsightsMessages, type CorrelationPeriod } from '@fodmap/contracts';
import { useState } from 'react';
import { ScreenBody } from '../../components/ScreenBody';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useScreenTitle } from '../branding/use-screen-title';
import { AdvancedAnalytics } from './AdvancedAnalytics';
import { FodmapGroupsCard } from './FodmapGroupsCard';
import { InsightsSection } from './InsightsSection';
import { InsightsSummaryCard } from './InsightsSummaryCard';
import { SymptomCorrelation } from './SymptomCorrelation';

function MoreComing() {
  return (
    <InsightsSection title={InsightsMessages.moreComingTitle}>
      <List dense disablePadding sx={{ listStyle: 'disc', pl: 2.5 }}>
        {InsightsMessages.moreComingItems.map((item) => (
          <ListItem key={item} disablePadding sx={{ display: 'list-item' }}>
            <Typography variant="body2">{item}</Typography>
          </ListItem>
        ))}
      </List>
    </InsightsSection>
  );
}

/** Spec §2 Insights: the last days at a glance, activity over a period, food-symptom correlations and FODMAP groups. */
export function InsightsPage() {
  useScreenTitle(InsightsMessages.title);
  // The FODMAP-group card answers for the correlation's period.
  const [correlationPeriod, setCorrelationPeriod] = useState<CorrelationPeriod>(DEFAULT_CORRELATION_PERIOD);
  return (
    <>
      <ScreenHeader title={InsightsMessages.title} />
      <ScreenBody>
        <InsightsSummaryCard />
        <AdvancedAnalytics />
        <SymptomCorrelation period={correlationPeriod} onPeriod={setCorrelationPeriod} />
        <FodmapGroupsCard period={correlationPeriod} />
        <MoreComing />
      </ScreenBody>
    </>
  );
}
