import { Alert, Box, Button, Chip, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { FODMAP_TRIGGER_GROUP_LABELS, FOOD_SEARCH, type Food } from '@fodmap/contracts';
import { useState, type ReactNode } from 'react';
import { FodmapRatingBadge, LevelDot } from './FodmapBadges';
import { FodmapBreakdown } from './FodmapBreakdown';
import type { FodmapLevel } from './fodmap-levels';
import { portionLines } from './portion-guide';

/** Underscore words of the data ('high_fat') as words ('High fat'). */
export const readable = (words: string) => {
  const spaced = words.replace(/_/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" fontWeight={600} gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" display="block">
        {label}
      </Typography>
      <Typography variant="body2" fontWeight={500}>
        {value}
      </Typography>
    </Box>
  );
}

function Trigger({ label, triggers, severity, symptoms = [] }: { label: string; triggers: boolean; severity: string | null; symptoms?: string[] }) {
  return (
    <Box component="li" sx={{ py: 0.5 }}>
      <Typography variant="body2">
        <strong>{label}:</strong> {triggers ? `can trigger symptoms${severity ? ` (${readable(severity).toLowerCase()})` : ''}` : 'not a known trigger'}
      </Typography>
      {symptoms.length > 0 && (
        <Typography variant="caption" color="text.secondary">
          Symptoms: {symptoms.map((symptom) => readable(symptom).toLowerCase()).join(', ')}
        </Typography>
      )}
    </Box>
  );
}

function Triggers({ food }: { food: Food }) {
  return (
    <Stack spacing={1}>
      {food.ibdFlareAvoid && (
        <Alert severity="warning" variant="outlined">
          Best avoided during an IBD flare.
        </Alert>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        <Box component="li" sx={{ py: 0.5 }}>
          <Typography variant="body2">
            <strong>IBS:</strong>{' '}
            {food.canTriggerIbs
              ? `can trigger symptoms${food.ibsTriggerType ? ` (${readable(food.ibsTriggerType).toLowerCase()})` : ''}, ${food.ibsTriggerSeverity.toLowerCase()}`
              : 'not a known trigger'}
          </Typography>
        </Box>
        <Trigger label="IBD" triggers={food.ibdTrigger} severity={food.ibdSeverity} symptoms={food.ibdSymptoms} />
        <Trigger label="Crohn's disease" triggers={food.crohnsTrigger} severity={food.crohnsSeverity} symptoms={food.crohnsSymptoms} />
        <Trigger label="Ulcerative colitis" triggers={food.colitisTrigger} severity={food.colitisSeverity} symptoms={food.colitisSymptoms} />
      </Box>
    </Stack>
  );
}

function Confidence({ food }: { food: Food }) {
  if (food.confidenceScore === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        You added this food, so its rating is your own.
      </Typography>
    );
  }
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" justifyContent="space-between">
        <Typography variant="body2">How sure the rating is</Typography>
        <Typography variant="body2" fontWeight={600}>
          {Math.round(food.confidenceScore)}%
        </Typography>
      </Stack>
      <LinearProgress variant="determinate" value={food.confidenceScore} aria-label="Confidence" sx={{ height: 6, borderRadius: 3 }} />
      {food.needsVerification && (
        <Typography variant="caption" color="warning.dark">
          Needs verification: few sources, or sources that disagree. Test your own tolerance with care.
        </Typography>
      )}
    </Stack>
  );
}

/** The first sources of a food's rating (spec §9: 2 shown), the rest one tap away; each opens where it has a link. */
export function FoodSources({ food }: { food: Food }) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? food.citations : food.citations.slice(0, FOOD_SEARCH.citationsShown);
  const more = food.citations.length - FOOD_SEARCH.citationsShown;
  if (shown.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No published source: added by you.
      </Typography>
    );
  }
  return (
    <Stack spacing={0.5} alignItems="flex-start">
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {shown.map((citation) => (
          <li key={citation.id}>
            {citation.url ? (
              <Link href={citation.url} target="_blank" rel="noopener" variant="body2">
                {citation.title}
              </Link>
            ) : (
              <Typography variant="body2">{citation.title}</Typography>
            )}
          </li>
        ))}
      </Stack>
      {more > 0 && (
        <Button size="small" onClick={() => setShowAll((current) => !current)} aria-expanded={showAll} sx={{ minHeight: 44, px: 0 }}>
          {showAll ? 'Show fewer sources' : `Show ${more} more source${more === 1 ? '' : 's'}`}
        </Button>
      )}
    </Stack>
  );
}

/** 'High in: fructans', 'Moderate in: fructans, sorbitol': what a medium or high rating is put down to. */
function groupsLine(food: Pick<Food, 'fodmapRating' | 'fodmapGroups'>): string | null {
  const groups = food.fodmapGroups;
  if (groups.length === 0 || (food.fodmapRating !== 'medium' && food.fodmapRating !== 'high')) return null;
  return `${food.fodmapRating === 'high' ? 'High' : 'Moderate'} in: ${groups.map((group) => FODMAP_TRIGGER_GROUP_LABELS[group]).join(', ')}`;
}

/** What a check-the-label food says when its data gives no sentence of its own. */
const CHECK_LABEL_FALLBACK =
  'Depends on the recipe: check the label for onion, garlic, wheat, honey, inulin (chicory root), FOS or high-fructose corn syrup.';

/** The rating's reason: the groups behind it and the one sentence, with its source, that decided it. */
function RatingReason({ food }: { food: Food }) {
  const groups = groupsLine(food);
  const explanation = food.checkLabel ? (food.ratingExplanation ?? CHECK_LABEL_FALLBACK) : food.ratingExplanation;
  return (
    <>
      {groups && (
        <Typography variant="body2" fontWeight={600}>
          {groups}
        </Typography>
      )}
      {explanation && (
        <Typography variant="body2">
          {explanation}
        </Typography>
      )}
    </>
  );
}

function PortionLine({ level, text }: { level: FodmapLevel; text: string }) {
  return (
    <Stack component="li" direction="row" spacing={1} alignItems="center" sx={{ py: 0.25 }}>
      <LevelDot level={level} />
      <Typography variant="body2">{text}</Typography>
    </Stack>
  );
}

/** 'How much can I eat?': the servings a source tested, or what the food's measured amounts give against the cut-offs. */
function HowMuch({ food }: { food: Food }) {
  const { low, high } = portionLines(food.portion);
  if (!low && !high) return null;
  return (
    <Section title="How much can I eat?">
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {low && <PortionLine level="low" text={low} />}
        {high && <PortionLine level="high" text={high} />}
      </Box>
    </Section>
  );
}

/** Spec §3 Food: everything a person needs to decide whether to eat it. */
export function FoodDetails({ food }: { food: Food }) {
  return (
    <Stack spacing={2.5}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <FodmapRatingBadge rating={food.fodmapRating} checkLabel={food.checkLabel} size="medium" />
          {food.isPrivate && <Chip size="small" variant="outlined" label="Your food" />}
        </Stack>
        <RatingReason food={food} />
        {food.description && (
          <Typography variant="body2" color="text.secondary">
            {food.description}
          </Typography>
        )}
        <Stack direction="row" spacing={2}>
          <Fact label="Serving" value={food.servingSize ?? 'Not stated'} />
          <Fact label="Calories per serving" value={food.caloriesPerServing === null ? 'Not stated' : `${Math.round(food.caloriesPerServing)} kcal`} />
        </Stack>
      </Stack>
      <HowMuch food={food} />
      <Section title="FODMAP components">
        <FodmapBreakdown food={food} />
      </Section>
      <Section title="IBS & IBD triggers">
        <Triggers food={food} />
      </Section>
      <Section title="Confidence">
        <Confidence food={food} />
      </Section>
      <Section title="Sources">
        <FoodSources food={food} />
      </Section>
    </Stack>
  );
}
