import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import type { DailyInsight } from '@fodmap/contracts';
import { scoreTone } from '../../components/score-tone';
import { shortDate, trendTicks } from './insights-format';

const RISK_AXIS = 'risk';
const SYMPTOMS_AXIS = 'symptoms';

/** A line through a single value draws nothing: that value gets a mark instead. */
const single = (values: readonly (number | null)[]) => values.filter((value) => value !== null).length === 1;

/** The period's trend (issue 8): risk % and symptoms per day, oldest on the left. */
export function TrendChart({ days, height }: { days: readonly DailyInsight[]; height: number }) {
  const theme = useTheme();
  const ordered = [...days].reverse();
  const dates = ordered.map((day) => day.date);
  const risks = ordered.map((day) => day.avgFodmapRisk);
  const symptoms = ordered.map((day) => day.symptomCount);
  const { ticks, label } = trendTicks(dates);
  return (
    <LineChart
      height={height}
      skipAnimation
      margin={{ left: 0, right: 0 }}
      xAxis={[
        {
          scaleType: 'point',
          data: dates,
          tickInterval: ticks,
          valueFormatter: (date: string, context) => (context.location === 'tick' ? label(date) : shortDate(date)),
        },
      ]}
      yAxis={[
        { id: RISK_AXIS, min: 0, max: 100, width: 36 },
        { id: SYMPTOMS_AXIS, min: 0, position: 'right', width: 28, tickMinStep: 1 },
      ]}
      series={[
        { yAxisId: RISK_AXIS, label: 'FODMAP risk %', data: risks, connectNulls: true, showMark: single(risks), curve: 'linear', color: scoreTone('orange', theme).main },
        { yAxisId: SYMPTOMS_AXIS, label: 'Symptoms', data: symptoms, showMark: single(symptoms), curve: 'linear', color: theme.palette.primary.main },
      ]}
    />
  );
}
