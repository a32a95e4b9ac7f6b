import { Alert, Box, Button, Chip, LinearProgress, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import ScienceIcon from '@mui/icons-material/Science';
import {
  CORRELATION_LABELS,
  CORRELATION_PERIOD_LABELS,
  CORRELATION_PERIODS,
  InsightsMessages,
  severityLabelOf,
  SYMPTOM_WINDOW,
  type CorrelationEntry,
  type CorrelationPeriod,
} from '@fodmap/contracts';
import { useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { scoreTone } from '../../components/score-tone';
import { FodmapRatingBadge } from '../foods/FodmapBadges';
import { useCorrelation } from './insights-api';
import { evidenceOf, percentOf } from './insights-format';
import { InsightsSection } from './InsightsSection';
import { useUnauthorizedRead } from '../session/use-unauthorized';

/** Cards shown before 'Show all'. */
export const TOP_FOODS = 10;

const labelOf = (entry: CorrelationEntry) => CORRELATION_LABELS.find((candidate) => candidate.label === entry.riskLabel) ?? null;

function Stat({ label, value, detail }: { label: string; value: string | number; detail?: string }) {
  return (
    <Box role="group" aria-label={label} sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" display="block">
        {label}
      </Typography>
      <Typography variant="subtitle1" component="p" fontWeight={700} sx={{ lineHeight: 1.3 }}>
        {value}
      </Typography>
      {detail && (
        <Typography variant="caption" color="text.secondary" display="block">
          {detail}
        </Typography>
      )}
    </Box>
  );
}

function CorrelationCard({ entry, rank }: { entry: CorrelationEntry; rank: number }) {
  const theme = useTheme();
  const label = labelOf(entry);
  const evidence = evidenceOf(entry.evidence);
  const tone = label ? scoreTone(label.colour, theme) : null;
  return (
    <Paper variant="outlined" component="article" aria-label={entry.foodName} sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <Typography variant="subtitle2" color="text.secondary" sx={{ pt: 0.25 }}>
          #{rank}
        </Typography>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" fontWeight={600} sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
            {entry.foodName}
          </Typography>
          <Stack direction="row" spacing={0.75} useFlexGap flexWrap="wrap" sx={{ mt: 0.5 }}>
            {/* Spec §9 labels only where the evidence supports one; otherwise how sure the finding is, never a risk word. */}
            <Chip
              size="small"
              label={label ? label.label : evidence.title}
              data-testid="finding"
              sx={tone ? { bgcolor: tone.main, color: theme.palette.getContrastText(tone.main), fontWeight: 600 } : { fontWeight: 600 }}
            />
            <FodmapRatingBadge rating={entry.fodmapRating} />
          </Stack>
        </Box>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <Stat label="Meals" value={entry.totalMeals} />
        <Stat label={InsightsMessages.symptomRate} value={`${percentOf(entry.correlationRate)}%`} detail={InsightsMessages.ofMeals(entry.symptomsAfter, entry.totalMeals)} />
        <Stat label={InsightsMessages.avgSeverity} value={severityLabelOf(entry.avgSymptomSeverity)} detail={InsightsMessages.severityOutOf4(entry.avgSymptomSeverity)} />
      </Stack>
      {entry.commonSymptoms.length > 0 && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Common symptoms: {entry.commonSymptoms.join(', ')}
        </Typography>
      )}
      <Typography variant="body2" fontWeight={600} sx={{ mt: 1 }}>
        {label ? label.recommendation : evidence.explanation}
      </Typography>
      <Typography variant="caption" color="text.secondary" display="block" sx={{ mt: 0.5 }}>
        {evidence.title}
        {entry.baselineRate === null ? '' : ` · ${InsightsMessages.baseline(percentOf(entry.baselineRate))}`}
      </Typography>
      {entry.eatenWith.length > 0 && (
        <Typography variant="caption" color="text.secondary" display="block" sx={{ mt: 0.5 }}>
          {InsightsMessages.eatenWith(entry.eatenWith)}
        </Typography>
      )}
    </Paper>
  );
}

function Ranking({ entries }: { entries: readonly CorrelationEntry[] }) {
  const [showAll, setShowAll] = useState(false);
  if (entries.every((entry) => entry.evidence === 'not_enough_data')) {
    return (
      <EmptyState icon={<ScienceIcon />} title={InsightsMessages.noCorrelationTitle}>
        {InsightsMessages.noCorrelationBody}
      </EmptyState>
    );
  }
  const shown = showAll ? entries : entries.slice(0, TOP_FOODS);
  return (
    <Stack spacing={1.5}>
      {shown.map((entry, index) => (
        <CorrelationCard key={entry.foodId} entry={entry} rank={index + 1} />
      ))}
      {entries.length > TOP_FOODS && (
        <Button onClick={() => setShowAll((current) => !current)} aria-expanded={showAll} size="large">
          {showAll ? 'Show top 10' : `Show all ${entries.length}`}
        </Button>
      )}
    </Stack>
  );
}

/** Spec §2 Symptom Correlation: foods ranked by how surely symptoms follow them, for the chosen period. */
export function SymptomCorrelation({ period, onPeriod }: { period: CorrelationPeriod; onPeriod: (period: CorrelationPeriod) => void }) {
  const correlation = useCorrelation(period);
  useUnauthorizedRead(correlation.error);
  return (
    <InsightsSection
      title={InsightsMessages.symptomCorrelation}
      action={
        <TextField
          select
          size="small"
          label="Period"
          value={period}
          onChange={(event) => onPeriod(Number(event.target.value) as CorrelationPeriod)}
          slotProps={{ select: { native: true } }}
          sx={{ width: '8rem', flexShrink: 0 }}
        >
          {CORRELATION_PERIODS.map((choice) => (
            <option key={choice} value={choice}>
              {CORRELATION_PERIOD_LABELS[choice]}
            </option>
          ))}
        </TextField>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {InsightsMessages.windowExplained(SYMPTOM_WINDOW.fromHours, SYMPTOM_WINDOW.toHours)}
      </Typography>
      <Box sx={{ height: 4, mb: 1 }}>{correlation.isFetching && !correlation.isPending && <LinearProgress aria-label="Updating" />}</Box>
      {correlation.error ? (
        <Alert severity="error">{correlation.error.message}</Alert>
      ) : correlation.isPending ? (
        <Skeleton variant="rounded" height={160} aria-label="Loading correlations" />
      ) : (
        <Ranking key={period} entries={correlation.data} />
      )}
    </InsightsSection>
  );
}
