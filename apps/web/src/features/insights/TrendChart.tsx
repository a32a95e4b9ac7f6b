import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import type { DailyInsight } from '@fodmap/contracts';
import { scoreTone } from '../../components/score-tone';
import { shortDate } from './insights-format';

const RISK_AXIS = 'risk';
const SYMPTOMS_AXIS = 'symptoms';

/** The period's trend (issue 8): risk % and symptoms per day, oldest on the left. */
export function TrendChart({ days, height }: { days: readonly DailyInsight[]; height: number }) {
  const theme = useTheme();
  const ordered = [...days].reverse();
  return (
    <LineChart
      height={height}
      skipAnimation
      margin={{ left: 0, right: 0 }}
      xAxis={[{ scaleType: 'point', data: ordered.map((day) => shortDate(day.date)) }]}
      yAxis={[
        { id: RISK_AXIS, min: 0, max: 100, width: 36 },
        { id: SYMPTOMS_AXIS, min: 0, position: 'right', width: 28, tickMinStep: 1 },
      ]}
      series={[
        { yAxisId: RISK_AXIS, label: 'Risk %', data: ordered.map((day) => day.avgFodmapRisk), connectNulls: true, showMark: false, curve: 'linear', color: scoreTone('orange', theme).main },
        { yAxisId: SYMPTOMS_AXIS, label: 'Symptoms', data: ordered.map((day) => day.symptomCount), showMark: false, curve: 'linear', color: theme.palette.primary.main },
      ]}
    />
  );
}
