/**
 * The tests behind the insights' evidence: one-sided Fisher exact, its exact stratified form (exact
 * Cochran-Mantel-Haenszel), Benjamini-Hochberg q-values, one-sided Mann-Whitney U. Pure functions; no library offers all three in TypeScript without pulling in a statistics stack.
 */
import type { ExposureTable } from '@fodmap/contracts';

/** ln(n!) for n = 0, 1, …: grown on demand and kept, so a history of thousands of meals costs one pass. */
let logFactorials = new Float64Array([0, 0]);

export function logFactorial(n: number): number {
  if (n >= logFactorials.length) {
    const grown = new Float64Array(Math.max(n + 1, logFactorials.length * 2));
    grown.set(logFactorials);
    for (let i = logFactorials.length; i < grown.length; i += 1) grown[i] = grown[i - 1] + Math.log(i);
    logFactorials = grown;
  }
  return logFactorials[n];
}

function logChoose(n: number, k: number): number {
  return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
}

/**
 * One-sided Fisher exact test (R's fisher.test(alternative = "greater")): the probability, with the margins fixed,
 * that the exposed meals hold at least as many symptomatic meals as observed. Terms are hypergeometric
 * probabilities taken from log-factorials, which stay finite for tables of thousands of meals.
 */
export function fisherExactGreater(table: ExposureTable): number {
  const exposed = table.with.meals;
  const symptomatic = table.with.symptomatic + table.without.symptomatic;
  const total = table.with.meals + table.without.meals;
  const logAll = logChoose(total, exposed);
  let p = 0;
  for (let x = table.with.symptomatic; x <= Math.min(exposed, symptomatic); x += 1) {
    p += Math.exp(logChoose(symptomatic, x) + logChoose(total - symptomatic, exposed - x) - logAll);
  }
  return Math.min(1, p);
}

/**
 * One-sided exact conditional test of an exposure across strata (R's mantelhaen.test(exact = TRUE, alternative =
 * "greater") on 2×2×K tables): the statistic is the number of symptomatic exposed meals over all strata. With each
 * stratum's margins fixed, a stratum's count is hypergeometric and the total is the sum of independent ones, whose
 * distribution is their convolution; p = P(S ≥ observed). One stratum gives the Fisher test. A stratum without
 * exposed meals or without other meals holds a constant count and is skipped.
 */
export function exactStratifiedGreater(strata: readonly ExposureTable[]): number {
  const varying = strata.filter((table) => table.with.meals > 0 && table.without.meals > 0);
  if (varying.length === 0) return 1;
  // Counts are taken from each stratum's least possible one, weights scaled to each stratum's mode: nothing underflows.
  let observed = 0;
  const counts = varying.map((table) => {
    const weights = hypergeometricWeights(table);
    observed += table.with.symptomatic - weights.least;
    return weights.pmf;
  });
  if (observed <= 0) return 1;
  // All strata but the last convolved; the last enters through its upper tail sums, so the final step is linear.
  const last = counts[counts.length - 1];
  const head = counts.slice(0, -1).reduce(convolve, Float64Array.of(1));
  const tailOfLast = new Float64Array(last.length + 1);
  for (let count = last.length - 1; count >= 0; count -= 1) tailOfLast[count] = tailOfLast[count + 1] + last[count];
  let tail = 0;
  let total = 0;
  head.forEach((weight, count) => {
    total += weight;
    tail += weight * tailOfLast[Math.min(last.length, Math.max(0, observed - count))];
  });
  return Math.min(1, tail / (total * tailOfLast[0]));
}

/**
 * A stratum's hypergeometric count of symptomatic exposed meals: weights from its least possible value, 1 at the
 * mode and outwards by the ratio of successive terms, P(x + 1)/P(x) = (K − x)(n − x) / ((x + 1)(N − K − n + x + 1)).
 */
function hypergeometricWeights(table: ExposureTable): { least: number; pmf: Float64Array } {
  const exposed = table.with.meals;
  const symptomatic = table.with.symptomatic + table.without.symptomatic;
  const calm = table.without.meals + table.with.meals - symptomatic;
  const least = Math.max(0, exposed - calm);
  const most = Math.min(exposed, symptomatic);
  const mode = Math.max(least, Math.min(most, Math.floor(((exposed + 1) * (symptomatic + 1)) / (symptomatic + calm + 2))));
  const ratio = (x: number) => ((symptomatic - x) * (exposed - x)) / ((x + 1) * (calm - exposed + x + 1));
  const pmf = new Float64Array(most - least + 1);
  pmf[mode - least] = 1;
  for (let x = mode; x < most; x += 1) pmf[x + 1 - least] = pmf[x - least] * ratio(x);
  for (let x = mode - 1; x >= least; x -= 1) pmf[x - least] = pmf[x + 1 - least] / ratio(x);
  return { least, pmf };
}

function convolve(a: Float64Array, b: Float64Array): Float64Array {
  const result = new Float64Array(a.length + b.length - 1);
  for (let i = 0; i < a.length; i += 1) {
    for (let j = 0; j < b.length; j += 1) result[i + j] += a[i] * b[j];
  }
  return result;
}

/**
 * Benjamini-Hochberg adjusted p-values (R's p.adjust(method = "BH")) in the order given: q of the i-th smallest p
 * is the least p(j)·m/j over j ≥ i, capped at 1.
 */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((_, index) => index).sort((a, b) => pValues[a] - pValues[b]);
  const q = new Array<number>(m);
  let running = 1;
  for (let rank = m; rank >= 1; rank -= 1) {
    const index = order[rank - 1];
    running = Math.min(running, (pValues[index] * m) / rank);
    q[index] = running;
  }
  return q;
}

/** How many exposed (x) and other (y) observations take one value; tallies are given in ascending value. */
export interface RankTally {
  x: number;
  y: number;
}

export interface MannWhitneyOptions {
  /** shrink the variance for ties (R's default); without it the variance depends on the group sizes alone */
  tieCorrection: boolean;
}

/**
 * One-sided Mann-Whitney U test (R's wilcox.test(x, y, alternative = "greater", exact = FALSE, correct = TRUE)) from
 * counts per value: normal approximation with continuity correction, and tie correction unless switched off.
 * Counting per value makes it O(distinct values), which on the four severity scores is constant per food.
 */
export function mannWhitneyGreaterFromTallies(tallies: readonly RankTally[], options: MannWhitneyOptions = { tieCorrection: true }): number {
  let nx = 0;
  let ny = 0;
  let u = 0;
  let ties = 0;
  for (const { x, y } of tallies) {
    u += x * (ny + y / 2);
    nx += x;
    ny += y;
    const t = x + y;
    ties += t * t * t - t;
  }
  const n = nx + ny;
  if (nx === 0 || ny === 0) return 1;
  const tieTerm = options.tieCorrection ? ties / (n * (n - 1)) : 0;
  const variance = ((nx * ny) / 12) * (n + 1 - tieTerm);
  if (!(variance > 0)) return 1;
  const z = (u - (nx * ny) / 2 - 0.5) / Math.sqrt(variance);
  return upperNormalTail(z);
}

/** The same test on raw observations: x the exposed group, whose larger values are the alternative. */
export function mannWhitneyGreater(x: readonly number[], y: readonly number[], options?: MannWhitneyOptions): number {
  const counts = new Map<number, RankTally>();
  const tallyOf = (value: number): RankTally => {
    const tally = counts.get(value) ?? { x: 0, y: 0 };
    counts.set(value, tally);
    return tally;
  };
  for (const value of x) tallyOf(value).x += 1;
  for (const value of y) tallyOf(value).y += 1;
  const tallies = [...counts.entries()].sort(([a], [b]) => a - b).map(([, tally]) => tally);
  return mannWhitneyGreaterFromTallies(tallies, options);
}

/** P(Z ≥ z) for a standard normal Z. */
export function upperNormalTail(z: number): number {
  return erfc(z / Math.SQRT2) / 2;
}

/** Complementary error function: Numerical Recipes' Chebyshev fit (erfcc), relative error below 1.2e-7 everywhere. */
function erfc(x: number): number {
  const a = Math.abs(x);
  const t = 1 / (1 + a / 2);
  const poly =
    -a * a -
    1.26551223 +
    t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const value = t * Math.exp(poly);
  return x >= 0 ? value : 2 - value;
}
