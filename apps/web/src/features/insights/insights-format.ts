import {
  EVIDENCE_LEVELS,
  INSIGHT_GROUP_LABELS,
  INSIGHT_RISK_COLOURS,
  type EvidenceLevel,
  type GroupCorrelation,
  type InsightColour,
} from '@fodmap/contracts';

/** 'Nov 3' (spec §2 'MMM d') as the phone's locale writes it; noon UTC names the day itself in every zone. */
export function shortDate(day: string): string {
  return new Intl.DateTimeFormat(undefined, { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(new Date(`${day}T12:00:00Z`));
}

/** 'Nov' as the phone's locale writes it. */
const monthName = (day: string) => new Intl.DateTimeFormat(undefined, { timeZone: 'UTC', month: 'short' }).format(new Date(`${day}T12:00:00Z`));

/**
 * The days of a trend that get a labelled tick, so the labels fit a 390 px phone for every period (at most 6 labels of
 * about 40 px): a week and a fortnight every few days and a month weekly, each counted back from the newest day so it is
 * always labelled; 3 months on the first of each month, 6 months and a year on the first of every first or second month,
 * by the month's name alone.
 */
export function trendTicks(days: readonly string[]): { ticks: string[]; label: (day: string) => string } {
  const count = days.length;
  if (count <= 31) {
    const step = count <= 7 ? 2 : count <= 14 ? 3 : 7;
    return { ticks: days.filter((_, index) => (count - 1 - index) % step === 0), label: shortDate };
  }
  const everyMonths = count <= 186 ? 1 : 2;
  const ticks = days.filter((day) => day.endsWith('-01') && (Number(day.slice(5, 7)) - 1) % everyMonths === 0);
  return { ticks, label: count <= 92 ? shortDate : monthName };
}

/** A rate of 0 to 1 as a whole percent. */
export const percentOf = (rate: number) => Math.round(rate * 100);

export const evidenceOf = (level: EvidenceLevel) => EVIDENCE_LEVELS.find((entry) => entry.level === level) ?? EVIDENCE_LEVELS[EVIDENCE_LEVELS.length - 1];

/** Spec §9 insight risk colours with their ranges, as the legend names them: 'up to 20%' … 'above 70%'. */
export const RISK_LEGEND: readonly { colour: InsightColour; range: string }[] = INSIGHT_RISK_COLOURS.map(({ upTo, colour }, index) => ({
  colour,
  range: Number.isFinite(upTo) ? `up to ${upTo}%` : `above ${INSIGHT_RISK_COLOURS[index - 1].upTo}%`,
}));

/** Evidence a finding stands on, strong enough to be told as a finding rather than a hint. */
export const isFinding = (level: EvidenceLevel) => level === 'strong' || level === 'moderate';

/** A group's label inside a sentence: 'lactose', but 'GOS (…)' as written. */
const inSentence = (label: string) => (/^.[A-Z]/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1));

/** The one-line conclusion of the FODMAP-group card, in plain words, from the FODMAP groups (not the other triggers). */
export function groupConclusion(groups: readonly GroupCorrelation[]): string {
  const fodmap = groups.filter((group) => group.kind === 'fodmap');
  const named = (levels: (level: EvidenceLevel) => boolean) => fodmap.filter((group) => levels(group.evidence)).map((group) => inSentence(INSIGHT_GROUP_LABELS[group.group]));
  const followed = named(isFinding);
  const possible = named((level) => level === 'to_confirm');
  const ruledOut = named((level) => level === 'no_link');
  const not = ruledOut.length > 0 ? `, not ${listOf(ruledOut, 'or')}` : '';
  if (followed.length > 0) return `Your symptoms follow ${listOf(followed)}${not}`;
  if (possible.length > 0) return `Perhaps ${listOf(possible, 'or')}, but it is too early to be sure${not}`;
  if (ruledOut.length > 0) return `Your symptoms do not follow ${listOf(ruledOut, 'or')}`;
  return 'No FODMAP group stands out yet';
}

/** 'a', 'a and b', 'a, b and c'. */
function listOf(names: readonly string[], last = 'and'): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} ${last} ${names[names.length - 1]}`;
}

/** An average FODMAP risk as a whole percent; a dash when no food of the period was rated. */
export const riskFigure = (risk: number | null) => (risk === null ? '—' : `${Math.round(risk)}%`);
