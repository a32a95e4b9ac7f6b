import { Alert, Box, Button, ButtonBase, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  DEFAULT_INSIGHT_PERIOD,
  INSIGHT_PERIOD_LABELS,
  INSIGHT_PERIODS,
  InsightsMessages,
  insightRiskColour,
  riskBarPercent,
  type DailyInsight,
  type InsightPeriod,
  type InsightsActivity,
} from '@fodmap/contracts';
import { Suspense, useState } from 'react';
import { scoreTone } from '../../components/score-tone';
import { lazyNamed } from '../../lib/lazy-named';
import { DayMealsDialog } from './DayMealsDialog';
import { activityErrorMessage, useActivity, useRefreshInsights } from './insights-api';
import { RISK_LEGEND, riskFigure, shortDate } from './insights-format';
import { Figure, FigureRow } from '../../components/Figure';
import { InsightsSection } from './InsightsSection';
import { useUnauthorizedRead } from '../session/use-unauthorized';

// The chart library is the heaviest part of the screen: its own chunk, fetched only when a trend is drawn.
const TrendChart = lazyNamed(() => import('./TrendChart'), 'TrendChart');
const TREND_CHART_HEIGHT = 200;

/** A day's risk as written beside its bar: '45% risk', or a dash when none of its foods is rated. */
const riskText = (day: DailyInsight) => (day.avgFodmapRisk === null ? '—' : InsightsMessages.risk(Math.round(day.avgFodmapRisk)));

function DayRow({ day, onOpen }: { day: DailyInsight; onOpen: (date: string) => void }) {
  const theme = useTheme();
  const colour = day.avgFodmapRisk === null ? 'grey' : insightRiskColour(day.avgFodmapRisk);
  const label = shortDate(day.date);
  return (
    <ButtonBase
      onClick={() => onOpen(day.date)}
      aria-label={`${label}: ${riskText(day)}, ${InsightsMessages.symptoms(day.symptomCount)}`}
      data-date={day.date}
      // With large text the risk figure wraps under the bar rather than squeezing the bar out of room for its words.
      sx={{ width: '100%', minHeight: 48, gap: 1, px: 0.5, borderRadius: 1, justifyContent: 'stretch', textAlign: 'left', flexWrap: 'wrap' }}
    >
      <Typography variant="body2" fontWeight={600} sx={{ width: '3.5rem', flexShrink: 0 }}>
        {label}
      </Typography>
      <Box sx={{ position: 'relative', flex: '1 1 6rem', minWidth: 0, height: 32, borderRadius: 1, bgcolor: 'grey.100', overflow: 'hidden' }}>
        {/* Inline: a class per width would be one more style rule for every distinct risk. */}
        <Box
          data-testid="risk-bar"
          style={{ width: `${riskBarPercent(day)}%` }}
          sx={{ position: 'absolute', inset: 0, right: 'auto', bgcolor: alpha(scoreTone(colour, theme).main, 0.55) }}
        />
        <Typography variant="caption" fontWeight={600} noWrap sx={{ position: 'absolute', left: 8, top: '50%', transform: 'translateY(-50%)' }}>
          {InsightsMessages.symptoms(day.symptomCount)}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ width: '4.5rem', flexShrink: 0, ml: 'auto', textAlign: 'right', color: scoreTone(colour, theme).text, fontWeight: 600 }}>
        {riskText(day)}
      </Typography>
    </ButtonBase>
  );
}

/** The risk colours, and how a day's risk here is the same day's score on Home, shown on the newest rated day. */
function Legend({ days }: { days: readonly DailyInsight[] }) {
  const theme = useTheme();
  const rated = days.find((day) => day.avgFodmapRisk !== null);
  const risk = rated?.avgFodmapRisk ?? null;
  return (
    <Stack spacing={1}>
      <Stack direction="row" flexWrap="wrap" useFlexGap spacing={1.5} component="ul" aria-label="Risk colours" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {RISK_LEGEND.map(({ colour, range }) => (
          <Stack key={colour} component="li" direction="row" spacing={0.75} alignItems="center">
            <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: scoreTone(colour, theme).main }} />
            <Typography variant="caption">{range}</Typography>
          </Stack>
        ))}
      </Stack>
      <Typography variant="caption" color="text.secondary" data-testid="day-score-relation">
        {InsightsMessages.dayScoreRelation}.
        {rated && risk !== null && ` ${InsightsMessages.dayScoreExample(shortDate(rated.date), Math.round(risk))}`}
      </Typography>
    </Stack>
  );
}

function Summary({ summary }: { summary: InsightsActivity['summary'] }) {
  return (
    <FigureRow>
      <Figure size="h6" label={InsightsMessages.totalSymptoms} value={summary.totalSymptoms} />
      <Figure size="h6" label={InsightsMessages.avgFodmapRisk} value={riskFigure(summary.avgFodmapRisk)} />
      <Figure size="h6" label={InsightsMessages.daysWithSymptoms} value={summary.daysWithSymptoms} />
    </FigureRow>
  );
}

function Activity({ activity, onOpen }: { activity: InsightsActivity; onOpen: (date: string) => void }) {
  const days = activity.dailyData.filter((day) => day.mealsCount > 0 || day.symptomCount > 0);
  if (days.length === 0) {
    return (
      <Typography color="text.secondary" textAlign="center" sx={{ py: 3 }}>
        {InsightsMessages.noData}
      </Typography>
    );
  }
  return (
    <Stack spacing={2}>
      <Suspense fallback={<Skeleton variant="rounded" height={TREND_CHART_HEIGHT} />}>
        <TrendChart days={activity.dailyData} height={TREND_CHART_HEIGHT} />
      </Suspense>
      <Stack spacing={0.5} role="group" aria-label="Days">
        {days.map((day) => (
          <DayRow key={day.date} day={day} onOpen={onOpen} />
        ))}
      </Stack>
      <Legend days={days} />
      <Summary summary={activity.summary} />
    </Stack>
  );
}

/** Spec §2 Advanced Analytics: a period's days, newest first, each opening its meals; the legend and the summary. */
export function AdvancedAnalytics() {
  const [period, setPeriod] = useState<InsightPeriod>(DEFAULT_INSIGHT_PERIOD);
  const [openDay, setOpenDay] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const activity = useActivity(period);
  const refresh = useRefreshInsights();
  useUnauthorizedRead(activity.error);

  const openMeals = (day: string) => {
    setOpenDay(day);
    setDialogOpen(true);
  };

  return (
    <InsightsSection
      title={InsightsMessages.advancedAnalytics}
      action={
        <Button size="large" startIcon={<RefreshIcon />} onClick={() => void refresh()} disabled={activity.isFetching}>
          {InsightsMessages.refresh}
        </Button>
      }
    >
      {/* Rows that wrap: each button as wide as its words need (at least a third of the row), so large text adds rows. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }} role="group" aria-label="Period">
        {INSIGHT_PERIODS.map((choice) => (
          <Button key={choice} variant={choice === period ? 'contained' : 'outlined'} aria-pressed={choice === period} onClick={() => setPeriod(choice)} sx={{ flex: '1 0 auto', minWidth: '28%', px: 1, whiteSpace: 'nowrap' }}>
            {INSIGHT_PERIOD_LABELS[choice]}
          </Button>
        ))}
      </Box>
      {/* The previous period stays on screen while the next one loads. */}
      <Box sx={{ height: 4, mb: 1 }}>{activity.isFetching && !activity.isPending && <LinearProgress aria-label="Updating" />}</Box>
      {activity.error ? (
        <Alert severity="error">
          {InsightsMessages.loadError}
          <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
            {activityErrorMessage(activity.error)}
          </Box>
        </Alert>
      ) : activity.isPending ? (
        <Skeleton variant="rounded" height={TREND_CHART_HEIGHT} aria-label="Loading analytics" />
      ) : (
        <Activity activity={activity.data} onOpen={openMeals} />
      )}
      <DayMealsDialog day={openDay} open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </InsightsSection>
  );
}
