import { Box, Paper, Stack, Typography } from '@mui/material';
import type { Food } from '@fodmap/contracts';
import { LevelLight } from './FodmapBadges';
import { readFodmapGroups, type ComponentReading } from './fodmap-levels';

const twoDecimals = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** Grams as a person reads them: a trace is '<0.01', never a misleading 0. */
export function formatGrams(grams: number): string {
  return grams > 0 && grams < 0.01 ? '<0.01 g' : `${twoDecimals.format(grams)} g`;
}

/** A component some source measured: only these get a row and a light. */
type MeasuredReading = ComponentReading & { per100g: number };
const isMeasured = (reading: ComponentReading): reading is MeasuredReading => reading.per100g !== null;

function ComponentRow({ reading, servingKnown, rating }: { reading: MeasuredReading; servingKnown: boolean; rating: Food['fodmapRating'] }) {
  const perServing = reading.perServing === null ? 'serving weight not stated' : `${formatGrams(reading.perServing)} per serving (cut-off ${formatGrams(reading.cutoff)})`;
  // Why the light may say more than the grams do: the sources put the food's rating down to this component.
  const why = reading.namedByRating ? ` · rated ${rating} by its sources` : '';
  return (
    <Box component="li" data-component={reading.key} sx={{ py: 0.75 }}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
        <Typography variant="body2" fontWeight={500}>
          {reading.label}
        </Typography>
        <LevelLight level={reading.level} unknownLabel={servingKnown ? undefined : 'No serving weight'} />
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {`${formatGrams(reading.per100g)}/100 g · ${perServing}${why}`}
      </Typography>
    </Box>
  );
}

function groupUnknownLabel(servingKnown: boolean): string {
  return servingKnown ? 'Not fully measured' : 'No serving weight';
}

const lowerFirst = (words: string) => words.charAt(0).toLowerCase() + words.slice(1);

/**
 * The components no source measured, in one collapsed line rather than a row each: a wall of 'Not measured' next to a
 * 'High' badge reads as doubt about the rating, which comes from the sources instead.
 */
function NotMeasured({ readings, isPrivate }: { readings: ComponentReading[]; isPrivate: boolean }) {
  return (
    <Box component="details" data-not-measured sx={{ typography: 'body2', color: 'text.secondary', '& > summary': { cursor: 'pointer', py: 0.5 } }}>
      <summary>Not measured: {readings.map((reading) => lowerFirst(reading.label)).join(', ')}</summary>
      <Typography variant="body2" color="text.secondary" sx={{ pl: 2, pb: 0.5 }}>
        No published measurement of {readings.length === 1 ? 'this amount' : 'these amounts'} for this food, so{' '}
        {readings.length === 1 ? 'it is' : 'they are'} not counted as zero: the rating comes from {isPrivate ? 'you' : 'the cited sources'}.
      </Typography>
    </Box>
  );
}

/** Spec §3 Food: the measured FODMAP components by group, lit per serving against the published cut-offs. */
export function FodmapBreakdown({ food }: { food: Food }) {
  const groups = readFodmapGroups(food);
  const servingKnown = food.servingGrams !== null;
  const readings = groups.flatMap((group) => group.components);
  const unmeasured = readings.filter((reading) => !isMeasured(reading));

  if (unmeasured.length === readings.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        No FODMAP components have been measured for this food: its rating comes from {food.isPrivate ? 'you' : 'its cited sources'}.
      </Typography>
    );
  }

  const measuredGroups = groups
    .map((group) => ({ ...group, measured: group.components.filter(isMeasured) }))
    .filter((group) => group.measured.length > 0);
  return (
    <Stack spacing={1}>
      {measuredGroups.map((group) => (
        <Paper key={group.name} variant="outlined" component="section" aria-label={group.name} sx={{ px: 1.5, py: 1 }}>
          <Stack direction="row" justifyContent="space-between" alignItems="center">
            <Typography variant="subtitle2" component="h3">
              {group.name}
            </Typography>
            <LevelLight level={group.level} unknownLabel={groupUnknownLabel(servingKnown)} />
          </Stack>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {group.measured.map((reading) => (
              <ComponentRow key={reading.key} reading={reading} servingKnown={servingKnown} rating={food.fodmapRating} />
            ))}
          </Box>
        </Paper>
      ))}
      {unmeasured.length > 0 && <NotMeasured readings={unmeasured} isPrivate={food.isPrivate} />}
      <Typography variant="caption" color="text.secondary">
        Lights compare one serving with the published cut-offs (Varney et al. 2017); moderate is up to twice a cut-off.
      </Typography>
    </Stack>
  );
}
