import { Alert, Skeleton, Typography } from '@mui/material';
import {
  CORRELATION_PERIOD_LABELS,
  DEFAULT_CORRELATION_PERIOD,
  DEFAULT_INSIGHT_PERIOD,
  INSIGHT_PERIOD_LABELS,
  InsightsMessages,
  type CorrelationEntry,
} from '@fodmap/contracts';
import { Figure, FigureRow } from '../../components/Figure';
import { activityErrorMessage, useActivity, useCorrelation } from './insights-api';
import { isFinding, percentOf, riskFigure } from './insights-format';
import { InsightsSection } from './InsightsSection';

/** The strongest food finding in plain words, or why there is none yet. */
function findingText(entries: readonly CorrelationEntry[]): string {
  const strongest = entries.find((entry) => isFinding(entry.evidence) && entry.riskLabel !== null && entry.riskLabel !== 'Safe');
  if (!strongest) return `No food stands out in the last ${CORRELATION_PERIOD_LABELS[DEFAULT_CORRELATION_PERIOD]}.`;
  const baseline = strongest.baselineRate === null ? '' : `, against ${percentOf(strongest.baselineRate)}% of your other meals`;
  return `Strongest finding: symptoms followed ${strongest.foodName} in ${InsightsMessages.ofMeals(strongest.symptomsAfter, strongest.totalMeals)}${baseline} (last ${CORRELATION_PERIOD_LABELS[DEFAULT_CORRELATION_PERIOD]}).`;
}

/** Spec §2 Insights' top component: the last 7 days at a glance and the strongest food finding. */
export function InsightsSummaryCard() {
  const activity = useActivity(DEFAULT_INSIGHT_PERIOD);
  const correlation = useCorrelation(DEFAULT_CORRELATION_PERIOD);
  const meals = activity.data?.dailyData.reduce((sum, day) => sum + day.mealsCount, 0) ?? 0;
  return (
    <InsightsSection title={`Last ${INSIGHT_PERIOD_LABELS[DEFAULT_INSIGHT_PERIOD].toLowerCase()}`}>
      {activity.error ? (
        <Alert severity="error">{activityErrorMessage(activity.error)}</Alert>
      ) : activity.isPending ? (
        <Skeleton variant="rounded" height={56} aria-label="Loading the last 7 days" />
      ) : (
        <FigureRow>
          <Figure size="h6" label="Meals" value={meals} />
          <Figure size="h6" label="Symptoms" value={activity.data.summary.totalSymptoms} />
          <Figure size="h6" label={InsightsMessages.daysWithSymptoms} value={activity.data.summary.daysWithSymptoms} />
          <Figure size="h6" label="Avg risk" value={riskFigure(activity.data.summary.avgFodmapRisk)} />
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
