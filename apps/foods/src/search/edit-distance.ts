export interface Distances {
  /** typos between the typed word and the whole word */
  whole: number;
  /** typos between the typed word and the best beginning of the word: what a person still typing produces */
  prefix: number;
}

const NONE: Distances = { whole: Infinity, prefix: Infinity };
// Rows of the dynamic-programming table, reused across calls: this runs for every word of the vocabulary.
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Optimal-string-alignment distances (insertions, deletions, substitutions and swaps of neighbours) between `typed`
 * and `word`, each Infinity once it must exceed `max`: 'galic' → 'garlic' is 1 whole, 'brocol' → 'broccoli' 1 as a prefix.
 */
export function boundedDistances(typed: string, word: string, max: number): Distances {
  const n = typed.length;
  const m = word.length;
  if (m < n - max) return NONE;
  if (rows[0].length <= m) rows = [new Int32Array(m + 1), new Int32Array(m + 1), new Int32Array(m + 1)];
  let [before, previous, current] = rows;
  for (let j = 0; j <= m; j++) previous[j] = j;
  for (let i = 1; i <= n; i++) {
    current[0] = i;
    let rowMin = i;
    const typedChar = typed.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const wordChar = word.charCodeAt(j - 1);
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (typedChar === wordChar ? 0 : 1));
      if (i > 1 && j > 1 && typedChar === word.charCodeAt(j - 2) && typed.charCodeAt(i - 2) === wordChar) value = Math.min(value, before[j - 2] + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    // Every later row, and so both answers, is at least this row's minimum.
    if (rowMin > max) return NONE;
    [before, previous, current] = [previous, current, before];
  }
  let prefix = Infinity;
  for (let j = 0; j <= m; j++) if (previous[j] < prefix) prefix = previous[j];
  const whole = previous[m];
  return { whole: whole <= max ? whole : Infinity, prefix: prefix <= max ? prefix : Infinity };
}

/** How many typos a word of this length may carry: none below 4 letters, where one changed letter is another word. */
export function allowedTypos(length: number): number {
  if (length < 4) return 0;
  if (length < 8) return 1;
  return 2;
}
