import { Alert, Skeleton, Typography } from '@mui/material';
import {
  CORRELATION_PERIOD_LABELS,
  INSIGHT_PERIOD_LABELS,
  InsightsMessages,
  type CorrelationEntry,
  type CorrelationPeriod,
  type InsightPeriod,
} from '@fodmap/contracts';
import { Figure, FigureRow } from '../../components/Figure';
import { activityErrorMessage, useActivity, useCorrelation } from './insights-api';
import { isFinding, percentOf, riskFigure } from './insights-format';
import { InsightsSection } from './InsightsSection';

/** The card's one period, for its figures and its finding alike: 7 days, an insight and a correlation period both. */
const PERIOD = 7 satisfies InsightPeriod & CorrelationPeriod;
const PERIOD_WORDS = CORRELATION_PERIOD_LABELS[PERIOD];

/** The strongest food finding of the period in plain words, or that there is none. */
function findingText(entries: readonly CorrelationEntry[]): string {
  const strongest = entries.find((entry) => isFinding(entry.evidence) && entry.riskLabel !== null && entry.riskLabel !== 'Safe');
  if (!strongest) return InsightsMessages.noFindingIn(PERIOD_WORDS);
  const baseline = strongest.baselineRate === null ? '' : `, against ${percentOf(strongest.baselineRate)}% of your other meals`;
  return `Strongest finding: you had symptoms after ${InsightsMessages.ofMeals(strongest.symptomsAfter, strongest.totalMeals)} with ${strongest.foodName}${baseline}.`;
}

/** Spec §2 Insights' top component: the last 7 days at a glance and the strongest food finding of those days. */
export function InsightsSummaryCard() {
  const activity = useActivity(PERIOD);
  const correlation = useCorrelation(PERIOD);
  const meals = activity.data?.dailyData.reduce((sum, day) => sum + day.mealsCount, 0) ?? 0;
  return (
    <InsightsSection title={`Last ${INSIGHT_PERIOD_LABELS[PERIOD].toLowerCase()}`}>
      {activity.error ? (
        <Alert severity="error">{activityErrorMessage(activity.error)}</Alert>
      ) : activity.isPending ? (
        <Skeleton variant="rounded" height={56} aria-label="Loading the last 7 days" />
      ) : (
        <FigureRow>
          <Figure size="h6" label="Meals" value={meals} />
          <Figure size="h6" label="Symptoms" value={activity.data.summary.totalSymptoms} />
          <Figure size="h6" label={InsightsMessages.daysWithSymptoms} value={activity.data.summary.daysWithSymptoms} />
          <Figure size="h6" label={InsightsMessages.avgFodmapRisk} value={riskFigure(activity.data.summary.avgFodmapRisk)} />
        </FigureRow>
      )}
      {correlation.data && (
        <Typography variant="body2" sx={{ mt: 1.5 }} data-testid="strongest-finding">
          {findingText(correlation.data)}
        </Typography>
      )}
    </InsightsSection>
  );
}
