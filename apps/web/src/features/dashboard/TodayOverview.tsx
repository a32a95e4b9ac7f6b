import { Alert, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { DAY_SCORE_BANDS, FODMAP_GROUP_LABELS, type DashboardStats, type DayScoreBand } from '@fodmap/contracts';
import { serverMessage } from '@fodmap/web-client';
import { useEffect } from 'react';
import { Figure, FigureRow } from '../../components/Figure';
import { scoreTone } from '../../components/score-tone';
import { useDashboardStats } from '../meals/meals-api';
import { useSessionExpiredHandler } from '../session/use-unauthorized';
import { ScoreGuideButton } from './ScoreGuideButton';

const bandOf = (band: DayScoreBand) => DAY_SCORE_BANDS.find((candidate) => candidate.band === band) ?? DAY_SCORE_BANDS[DAY_SCORE_BANDS.length - 1];

/** Why there is no score: nothing eaten yet, or nothing eaten whose FODMAP rating is known. */
const noScoreReason = (stats: DashboardStats) =>
  stats.mealsLogged === 0 ? 'No score yet: log a meal to see today’s score.' : 'No score: none of today’s foods has a known FODMAP rating.';

function Overview({ stats }: { stats: DashboardStats }) {
  const theme = useTheme();
  const band = stats.todayBand && stats.todayScore !== null ? bandOf(stats.todayBand) : null;
  // The text shade: the figure is written on white, where a band's fill colour (yellow) may be too pale to read.
  const color = band ? scoreTone(band.color, theme).text : undefined;
  return (
    <Stack spacing={1.5}>
      <FigureRow>
        <Figure label="Today’s score" value={band ? stats.todayScore : '—'} caption={band?.label} color={color} />
        <Figure label="Meals logged" value={stats.mealsLogged} />
        <Figure label="Symptoms" value={stats.symptomsCount} />
      </FigureRow>
      {!band && (
        <Typography variant="body2" color="text.secondary" textAlign="center">
          {noScoreReason(stats)}
        </Typography>
      )}
      {stats.unknownFoods > 0 && (
        <Typography variant="body2" color="text.secondary">
          {stats.unknownFoods} food{stats.unknownFoods === 1 ? '' : 's'} with an unknown FODMAP rating {stats.unknownFoods === 1 ? 'is' : 'are'} not counted in the score.
        </Typography>
      )}
      {stats.stackingWarnings.map(({ mealId, mealName, groups }) => (
        <Alert key={mealId} severity="warning" variant="outlined">
          <strong>{mealName}</strong>: together its foods add up to more {groups.map((group) => FODMAP_GROUP_LABELS[group]).join(' and ')} than a low-FODMAP serving allows, although
          each food alone is within it.
        </Alert>
      ))}
    </Stack>
  );
}

/** Spec §2 Dashboard 'Today's Overview': the day's score (100 minus its FODMAP risk) on the §9 bands, meals logged and symptoms. */
export function TodayOverview() {
  const stats = useDashboardStats();
  const handleSessionExpired = useSessionExpiredHandler();
  useEffect(() => {
    if (stats.error) handleSessionExpired(stats.error);
  }, [stats.error, handleSessionExpired]);

  return (
    // Not clipped as cards are: the score guide opens under its icon and may reach past the card's edge.
    <Card variant="outlined" component="section" aria-labelledby="today-overview-title" sx={{ overflow: 'visible' }}>
      <CardContent>
        <Stack direction="row" alignItems="center" spacing={0.5} sx={{ mb: 1 }}>
          <Typography id="today-overview-title" variant="subtitle1" component="h2" fontWeight={600}>
            Today&apos;s Overview
          </Typography>
          <ScoreGuideButton />
        </Stack>
        {stats.isPending ? (
          <Skeleton variant="rounded" height={72} aria-label="Loading today’s overview" />
        ) : stats.error ? (
          <Alert severity="error">{serverMessage(stats.error, 'Could not load today’s overview. Please try again.')}</Alert>
        ) : (
          <Overview stats={stats.data} />
        )}
      </CardContent>
    </Card>
  );
}
