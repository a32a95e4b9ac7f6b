/**
 * How the day's score is shown: apart from the FODMAP arithmetic (meal-fodmap.ts), so that a screen showing the score
 * the server computed (the phone's dashboard) does not bring the scoring along.
 */
import type { DayScoreBand } from './meal';

/** Where a day's score and its meals' risks are both shown, how the two relate (issue 18). */
export function dayScoreRelation(day: 'Today' | 'The day'): string {
  return `${day}’s score is 100 minus the FODMAP risk of ${day.toLowerCase()}’s foods, so higher is better; a meal’s FODMAP risk runs the other way, from 0 (mostly low) up.`;
}

/** Spec §9 dashboard score bands, by lower bound. */
export const DAY_SCORE_BANDS: readonly { band: DayScoreBand; from: number; color: 'green' | 'yellow' | 'orange' | 'red'; label: string }[] = [
  { band: 'excellent', from: 80, color: 'green', label: 'Excellent' },
  { band: 'good', from: 60, color: 'yellow', label: 'Good' },
  { band: 'fair', from: 40, color: 'orange', label: 'Fair' },
  { band: 'poor', from: 0, color: 'red', label: 'Poor' },
];
