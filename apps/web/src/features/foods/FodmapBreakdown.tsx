import { Box, Paper, Stack, Typography } from '@mui/material';
import type { Food } from '@fodmap/contracts';
import { LevelLight } from './FodmapBadges';
import { readFodmapGroups, type ComponentReading, type GroupReading } from './fodmap-levels';

const twoDecimals = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** Grams as a person reads them: a trace is '<0.01', never a misleading 0. */
export function formatGrams(grams: number): string {
  return grams > 0 && grams < 0.01 ? '<0.01 g' : `${twoDecimals.format(grams)} g`;
}

function ComponentRow({ reading, servingKnown }: { reading: ComponentReading; servingKnown: boolean }) {
  const amounts =
    reading.per100g === null
      ? 'No published measurement'
      : `${formatGrams(reading.per100g)}/100 g · ${reading.perServing === null ? 'serving weight not stated' : `${formatGrams(reading.perServing)} per serving (cut-off ${formatGrams(reading.cutoff)})`}`;
  return (
    <Box component="li" data-component={reading.key} sx={{ py: 0.75 }}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
        <Typography variant="body2" fontWeight={500}>
          {reading.label}
        </Typography>
        <LevelLight level={reading.level} unknownLabel={reading.per100g !== null && !servingKnown ? 'No serving weight' : undefined} />
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {amounts}
      </Typography>
    </Box>
  );
}

function groupUnknownLabel(group: GroupReading, servingKnown: boolean): string {
  const measured = group.components.filter((component) => component.per100g !== null).length;
  if (measured === 0) return 'Not measured';
  return servingKnown ? 'Not fully measured' : 'No serving weight';
}

/** Spec §3 Food: the FODMAP components by group, lit per serving against the published cut-offs. */
export function FodmapBreakdown({ food }: { food: Food }) {
  const groups = readFodmapGroups(food);
  const servingKnown = food.servingGrams !== null;
  const nothingMeasured = groups.every((group) => group.components.every((component) => component.per100g === null));

  if (nothingMeasured) {
    return (
      <Typography variant="body2" color="text.secondary">
        No FODMAP components have been measured for this food: its rating comes from {food.isPrivate ? 'you' : 'its cited sources'}.
      </Typography>
    );
  }

  return (
    <Stack spacing={1}>
      {groups.map((group) => (
        <Paper key={group.name} variant="outlined" component="section" aria-label={group.name} sx={{ px: 1.5, py: 1 }}>
          <Stack direction="row" justifyContent="space-between" alignItems="center">
            <Typography variant="subtitle2" component="h3">
              {group.name}
            </Typography>
            <LevelLight level={group.level} unknownLabel={groupUnknownLabel(group, servingKnown)} />
          </Stack>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {group.components.map((reading) => (
              <ComponentRow key={reading.key} reading={reading} servingKnown={servingKnown} />
            ))}
          </Box>
        </Paper>
      ))}
      <Typography variant="caption" color="text.secondary">
        Lights compare one serving with the published cut-offs (Varney et al. 2017); moderate is up to twice a cut-off.
        {groups.some((group) => group.level === 'unknown') && ` Where amounts were not measured, the rating comes from ${food.isPrivate ? 'you' : 'the cited sources'}.`}
      </Typography>
    </Stack>
  );
}
