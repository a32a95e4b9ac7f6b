import { Alert, Box, Skeleton, Stack, Typography } from '@mui/material';
import { INSIGHT_GROUP_EXAMPLES, INSIGHT_GROUP_LABELS, InsightsMessages, type CorrelationPeriod, type GroupCorrelation } from '@fodmap/contracts';
import { useFodmapGroups } from './insights-api';
import { evidenceOf, groupConclusion, isFinding, percentOf } from './insights-format';
import { InsightsSection } from './InsightsSection';
import { useUnauthorizedRead } from '../session/use-unauthorized';

const mealsWithIt = (meals: number) => `${meals} meal${meals === 1 ? '' : 's'} with it`;

/** 'Symptoms after 60% of 10 meals with it, and after 20% of your other meals'. */
function rateLine(group: GroupCorrelation): string {
  const { meals } = group.exposures.with;
  if (group.correlationRate === null) return mealsWithIt(meals);
  const baseline = group.baselineRate === null ? '' : `, and after ${percentOf(group.baselineRate)}% of your other meals`;
  return `Symptoms after ${percentOf(group.correlationRate)}% of ${mealsWithIt(meals)}${baseline}`;
}

function GroupRow({ group, small }: { group: GroupCorrelation; small: boolean }) {
  const evidence = evidenceOf(group.evidence);
  const label = INSIGHT_GROUP_LABELS[group.group];
  const examples = INSIGHT_GROUP_EXAMPLES[group.group];
  return (
    <Box component="li" aria-label={label} sx={{ py: small ? 0.75 : 1, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} alignItems="baseline">
        <Typography variant={small ? 'body2' : 'subtitle2'} component="h3" sx={{ flex: 1, minWidth: 0 }}>
          {label}
        </Typography>
        <Typography variant="caption" fontWeight={isFinding(group.evidence) ? 700 : 500} color={isFinding(group.evidence) ? 'error.dark' : 'text.secondary'}>
          {evidence.title}
        </Typography>
      </Stack>
      {examples && (
        <Typography variant="caption" color="text.secondary" display="block">
          In {examples}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" display="block">
        {rateLine(group)}
      </Typography>
      {group.inferredMeals > 0 && (
        <Typography variant="caption" color="text.secondary" display="block" sx={{ fontStyle: 'italic' }}>
          {InsightsMessages.inferredExposure(group.inferredMeals)}
        </Typography>
      )}
    </Box>
  );
}

function GroupList({ groups, small = false, title }: { groups: readonly GroupCorrelation[]; small?: boolean; title?: string }) {
  if (groups.length === 0) return null;
  return (
    <Box>
      {title && (
        <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1.5, mb: 0.5 }}>
          {title}
        </Typography>
      )}
      <Box component="ul" aria-label={title ?? 'FODMAP groups'} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {groups.map((group) => (
          <GroupRow key={group.group} group={group} small={small} />
        ))}
      </Box>
    </Box>
  );
}

/** Issue 8 'Which FODMAP group is yours': symptom rate after meals with each group against the person's other meals. */
export function FodmapGroupsCard({ period }: { period: CorrelationPeriod }) {
  const groups = useFodmapGroups(period);
  useUnauthorizedRead(groups.error);
  // A group no meal had says nothing about the person: one line names them all instead of a row each.
  const eaten = groups.data?.groups.filter((group) => group.exposures.with.meals > 0) ?? [];
  const neverEaten = groups.data?.groups.filter((group) => group.exposures.with.meals === 0) ?? [];
  return (
    <InsightsSection title={InsightsMessages.groupsTitle}>
      {groups.error ? (
        <Alert severity="error">{groups.error.message}</Alert>
      ) : groups.isPending ? (
        <Skeleton variant="rounded" height={120} aria-label="Loading FODMAP groups" />
      ) : groups.data.mealsAnalysed === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {InsightsMessages.noCorrelationBody}
        </Typography>
      ) : (
        <>
          <Typography variant="body1" fontWeight={600} sx={{ mb: 1 }} data-testid="group-conclusion">
            {groupConclusion(groups.data.groups)}
          </Typography>
          <GroupList groups={eaten.filter((group) => group.kind === 'fodmap')} />
          <GroupList groups={eaten.filter((group) => group.kind === 'other_trigger')} small title="Other triggers" />
          {neverEaten.length > 0 && (
            <Typography variant="caption" color="text.secondary" display="block" sx={{ mt: 1.5 }}>
              {InsightsMessages.notEaten(neverEaten.map((group) => INSIGHT_GROUP_LABELS[group.group]))}
            </Typography>
          )}
        </>
      )}
    </InsightsSection>
  );
}
