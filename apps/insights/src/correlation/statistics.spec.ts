import { describe, expect, it } from '@jest/globals';
import type { ExposureTable } from '@fodmap/contracts';
import fc from 'fast-check';
import { benjaminiHochberg, exactStratifiedGreater, fisherExactGreater, logFactorial, mannWhitneyGreater } from './statistics';

const table = (exposedSymptomatic: number, exposedCalm: number, otherSymptomatic: number, otherCalm: number) => ({
  with: { meals: exposedSymptomatic + exposedCalm, symptomatic: exposedSymptomatic },
  without: { meals: otherSymptomatic + otherCalm, symptomatic: otherSymptomatic },
});

describe('one-sided Fisher exact test', () => {
  it('gives the tea-tasting table [[3,1],[1,3]] p = 0.2429, as R fisher.test(alternative = "greater")', () => {
    // By hand: P(X ≥ 3) = (C(4,3)·C(4,1) + C(4,4)·C(4,0)) / C(8,4) = 17/70.
    expect(fisherExactGreater(table(3, 1, 1, 3))).toBeCloseTo(17 / 70, 12);
  });

  it('gives a perfect split of ten meals 1/C(10,5)', () => {
    expect(fisherExactGreater(table(5, 0, 0, 5))).toBeCloseTo(1 / 252, 12);
  });

  it('stays exact with thousands of meals', () => {
    // By hand: both symptomatic meals among the 1,000 exposed of 2,000: C(1000,2)/C(2000,2).
    expect(fisherExactGreater(table(2, 998, 0, 1000))).toBeCloseTo((1000 * 999) / (2000 * 1999), 12);
    // scipy.stats.fisher_exact([[300, 700], [200, 800]], alternative='greater') = 1.4876209691063172e-07.
    expect(fisherExactGreater(table(300, 700, 200, 800)) / 1.4876209691063172e-7).toBeCloseTo(1, 6);
  });

  it('matches scipy on a typical food: 12 of 30 meals against 30 of 270', () => {
    // scipy.stats.fisher_exact([[12, 18], [30, 240]], alternative='greater') = 0.0001674499698022534.
    expect(fisherExactGreater(table(12, 18, 30, 240)) / 0.0001674499698022534).toBeCloseTo(1, 6);
  });

  it('is near 1 when the exposed meals have fewer symptoms than the others', () => {
    // scipy.stats.fisher_exact([[1, 9], [5, 5]], alternative='greater') = 0.9945820433436533.
    expect(fisherExactGreater(table(1, 9, 5, 5))).toBeCloseTo(0.9945820433436533, 12);
  });

  it('keeps ln(n!) exact as the table grows', () => {
    expect(logFactorial(5)).toBeCloseTo(Math.log(120), 12);
    expect(logFactorial(5000) - logFactorial(4999)).toBeCloseTo(Math.log(5000), 9);
  });
});

/** C(n, k) as an exact product, for the brute force below (small tables only). */
function choose(n: number, k: number): number {
  let value = 1;
  for (let i = 1; i <= k; i += 1) value = (value * (n - k + i)) / i;
  return value;
}

/** P(S ≥ observed) by enumerating every combination of the strata's counts, each weighted by its hypergeometric probability. */
function bruteForceStratified(strata: readonly ExposureTable[]): number {
  const observed = strata.reduce((sum, stratum) => sum + stratum.with.symptomatic, 0);
  const enumerate = (at: number, sum: number, probability: number): number => {
    if (at === strata.length) return sum >= observed ? probability : 0;
    const { with: exposed, without: other } = strata[at];
    const symptomatic = exposed.symptomatic + other.symptomatic;
    const total = exposed.meals + other.meals;
    let tail = 0;
    for (let x = 0; x <= Math.min(exposed.meals, symptomatic); x += 1) {
      const weight = (choose(symptomatic, x) * choose(total - symptomatic, exposed.meals - x)) / choose(total, exposed.meals);
      if (weight > 0) tail += enumerate(at + 1, sum + x, probability * weight);
    }
    return tail;
  };
  return enumerate(0, 0, 1);
}

const stratumArbitrary = fc
  .record({ exposedMeals: fc.integer({ min: 0, max: 8 }), otherMeals: fc.integer({ min: 0, max: 8 }), exposedShare: fc.double({ min: 0, max: 1, noNaN: true }), otherShare: fc.double({ min: 0, max: 1, noNaN: true }) })
  .map(({ exposedMeals, otherMeals, exposedShare, otherShare }) => ({
    with: { meals: exposedMeals, symptomatic: Math.round(exposedMeals * exposedShare) },
    without: { meals: otherMeals, symptomatic: Math.round(otherMeals * otherShare) },
  }));

describe('one-sided exact stratified test (exact Cochran-Mantel-Haenszel)', () => {
  it('is the Fisher test with one stratum', () => {
    expect(exactStratifiedGreater([table(3, 1, 1, 3)])).toBeCloseTo(17 / 70, 12);
    expect(exactStratifiedGreater([table(12, 18, 30, 240)]) / 0.0001674499698022534).toBeCloseTo(1, 6);
    expect(exactStratifiedGreater([table(1, 9, 5, 5)])).toBeCloseTo(0.9945820433436533, 12);
  });

  it('adds two tea-tasting strata: P(S ≥ 6) = 361/4900', () => {
    // By hand: each stratum's count is 0..4 with weights 1, 16, 36, 16, 1 (of 70); S ≥ 6 takes (2,4), (4,2), (3,3),
    // (3,4), (4,3), (4,4): 36 + 36 + 256 + 16 + 16 + 1 = 361 of 70².
    expect(exactStratifiedGreater([table(3, 1, 1, 3), table(3, 1, 1, 3)])).toBeCloseTo(361 / 4900, 12);
  });

  it('equals the enumeration of every combination of counts, for up to three small strata', () => {
    fc.assert(
      fc.property(fc.array(stratumArbitrary, { minLength: 1, maxLength: 3 }), (strata) => {
        expect(exactStratifiedGreater(strata)).toBeCloseTo(Math.min(1, bruteForceStratified(strata)), 12);
      }),
      { numRuns: 300 },
    );
  });

  it('skips a stratum without exposed meals or without other meals: its count cannot vary', () => {
    const alone = exactStratifiedGreater([table(3, 1, 1, 3)]);
    expect(exactStratifiedGreater([table(3, 1, 1, 3), table(0, 0, 4, 2)])).toBeCloseTo(alone, 12);
    expect(exactStratifiedGreater([table(3, 1, 1, 3), table(4, 2, 0, 0)])).toBeCloseTo(alone, 12);
    expect(exactStratifiedGreater([table(0, 5, 0, 0)])).toBe(1);
  });

  it('finds no excess in a food whose symptoms come with another food eaten at the same meals', () => {
    // Pooled, 9 of 15 meals with the food against 12 of 45 without look like a link (Fisher p = 0.0224). Split by the
    // other food, its rate equals the rest's in each stratum: 8 of 10 against 4 of 5 with the other food, 1 of 5
    // against 8 of 40 without. By enumeration (Python, exact integers): P(S ≥ 9) = 0.6515928767772217.
    expect(fisherExactGreater(table(9, 6, 12, 33))).toBeCloseTo(0.022444492382161063, 12);
    expect(exactStratifiedGreater([table(8, 2, 4, 1), table(1, 4, 8, 32)])).toBeCloseTo(0.6515928767772217, 12);
  });

  it('stays finite with thousands of meals in each stratum', () => {
    // Two strata equal to the 2,000-meal Fisher table above: the total can only be less likely than one alone.
    const p = exactStratifiedGreater([table(300, 700, 200, 800), table(300, 700, 200, 800)]);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(fisherExactGreater(table(300, 700, 200, 800)));
  });
});

describe('Benjamini-Hochberg q-values', () => {
  it('steps up from the largest p, keeping the order given', () => {
    // By hand (m = 6): sorted p·m/rank = .03, .03, .06, .06, .24, .5; the running minimum from the top leaves them so.
    // scipy.stats.false_discovery_control gives the same.
    const q = benjaminiHochberg([0.01, 0.04, 0.03, 0.005, 0.2, 0.5]);
    [0.03, 0.06, 0.06, 0.03, 0.24, 0.5].forEach((expected, index) => expect(q[index]).toBeCloseTo(expected, 12));
  });

  it('never gives a q below a larger p’s q and never above 1', () => {
    // Sorted: .3·2/1 = .6, .8·2/2 = .8; and a lone p is its own q.
    expect(benjaminiHochberg([0.8, 0.3])).toEqual([0.8, 0.6]);
    expect(benjaminiHochberg([1, 1, 1])).toEqual([1, 1, 1]);
    expect(benjaminiHochberg([])).toEqual([]);
  });
});

describe('one-sided Mann-Whitney U test', () => {
  it('matches R wilcox.test(exact = FALSE, correct = TRUE) with ties corrected', () => {
    // By hand: U = 58 of 81, mean 40.5; two pairs of ties give variance 81/12·(19 − 12/306) = 127.985,
    // z = (58 − 40.5 − 0.5)/11.313 = 1.5027, p = 0.06646 (scipy mannwhitneyu asymptotic: 0.06645972909265946).
    const x = [1.83, 0.5, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.3];
    const y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29];
    expect(mannWhitneyGreater(x, y)).toBeCloseTo(0.06645972909265946, 6);
  });

  it('finds worse severities after a food on the 0 to 3 scale', () => {
    // scipy.stats.mannwhitneyu(x, y, alternative='greater', method='asymptotic') = 0.009776057027606531.
    expect(mannWhitneyGreater([3, 2, 2, 0, 3, 1], [0, 0, 1, 0, 2, 0, 0, 1, 0, 0])).toBeCloseTo(0.009776057027606531, 6);
  });

  it('is more cautious without the tie correction', () => {
    // By hand: U = 9, mean 4.5. Untied variance 9/12·7: z = 4/2.2913 = 1.7457, p = 0.04043.
    // Tied (two groups of 3): variance 9/12·(7 − 48/30) = 4.05, z = 1.9876, p = 0.02343 (scipy: 0.02342708880193688).
    expect(mannWhitneyGreater([1, 1, 1], [0, 0, 0], { tieCorrection: false })).toBeCloseTo(0.04042779918502615, 6);
    expect(mannWhitneyGreater([1, 1, 1], [0, 0, 0])).toBeCloseTo(0.02342708880193688, 6);
  });

  it('says nothing when a group is empty or every value ties', () => {
    expect(mannWhitneyGreater([], [1, 2])).toBe(1);
    expect(mannWhitneyGreater([0, 0], [0, 0, 0])).toBe(1);
  });

  it('gives a p above one half when the exposed scores are lower', () => {
    expect(mannWhitneyGreater([0, 0, 1], [2, 3, 3])).toBeGreaterThan(0.5);
  });
});
