/**
 * Which foods (or groups) share a person's meals. Computed from the meals alone, never from symptoms, so that what
 * a food is compared with cannot change when symptoms are added (the monotone evidence levels rest on it).
 */

/** Two exposures whose meals overlap at least this much both ways are nearly always eaten together. */
export const TOGETHER_SHARE = 0.8;
/** Another exposure present in at least this share of a food's meals may explain its symptoms: the food is stratified by it. */
export const STRATIFY_SHARE = 0.2;

/** Another exposure (by index) and how many meals it shares with this one. */
export interface Overlap {
  other: number;
  shared: number;
}

/**
 * For each exposure (its meal indices, no repeats), the other exposures that share at least one of its meals. The
 * cost is the sum over meals of their exposures squared, counted in one reused array; each meal's exposures are held
 * in one flat array (meal m's from starts[m] to starts[m + 1]), not an array per meal.
 */
export function overlapsOf(exposures: readonly (readonly number[])[], mealCount: number): Overlap[][] {
  const starts = new Int32Array(mealCount + 1);
  for (const meals of exposures) {
    for (const meal of meals) starts[meal + 1] += 1;
  }
  for (let meal = 0; meal < mealCount; meal += 1) starts[meal + 1] += starts[meal];
  const byMeal = new Int32Array(starts[mealCount]);
  const filled = starts.slice(0, mealCount);
  exposures.forEach((meals, index) => {
    for (const meal of meals) {
      byMeal[filled[meal]] = index;
      filled[meal] += 1;
    }
  });
  const counts = new Int32Array(exposures.length);
  return exposures.map((meals, index) => {
    const others: number[] = [];
    for (const meal of meals) {
      for (let at = starts[meal]; at < starts[meal + 1]; at += 1) {
        const other = byMeal[at];
        if (other === index) continue;
        if (counts[other] === 0) others.push(other);
        counts[other] += 1;
      }
    }
    const overlaps = others.map((other) => ({ other, shared: counts[other] }));
    for (const other of others) counts[other] = 0;
    return overlaps;
  });
}

/** How many meals two exposures share, from their meal indices in ascending order. */
export function sharedMeals(a: readonly number[], b: readonly number[]): number {
  let shared = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] < b[j]) i += 1;
    else if (a[i] > b[j]) j += 1;
    else {
      shared += 1;
      i += 1;
      j += 1;
    }
  }
  return shared;
}

/** At least 80 % of each one's meals hold the other: no test on this journal can tell them apart. */
export function inseparable(meals: number, otherMeals: number, shared: number): boolean {
  return shared >= TOGETHER_SHARE * meals && shared >= TOGETHER_SHARE * otherMeals;
}

/**
 * The exposures a food is stratified by: present in at least 20 % of its meals (one that rarely shares its plate
 * cannot explain its symptoms away), its inseparable partners excepted (they would take each other's evidence away:
 * they are named together instead).
 */
export function stratifiers(meals: number, overlaps: readonly Overlap[], mealsOf: (other: number) => number): Overlap[] {
  return overlaps.filter(({ other, shared }) => shared >= STRATIFY_SHARE * meals && !inseparable(meals, mealsOf(other), shared));
}

/** The other exposures present in at least 80 % of this one's meals, most shared first: named beside it. */
export function companions(meals: number, overlaps: readonly Overlap[]): Overlap[] {
  return overlaps.filter(({ shared }) => shared >= TOGETHER_SHARE * meals).sort((a, b) => b.shared - a.shared);
}
