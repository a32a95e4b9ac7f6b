/** Letters that Unicode decomposition leaves whole but that people type as plain ASCII. */
const FOLDED_LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Words that carry no meaning in a food name or a query ('salt and vinegar crisps', 'cup of tea'). */
const STOPWORDS = new Set(['a', 'an', 'and', 'the', 'of', 'with', 'in', 'on', 'or', 'for', 'to']);

/** Lowercase ASCII words separated by single spaces: case, accents and punctuation never decide a match. */
export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => FOLDED_LETTERS[letter])
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The meaningful words of a text; a text of stopwords alone keeps them, so that 'and' can still find something. */
export function tokenize(text: string): string[] {
  const words = normalize(text).split(' ').filter(Boolean);
  const meaningful = words.filter((word) => !STOPWORDS.has(word));
  return meaningful.length > 0 ? meaningful : words;
}

/**
 * A light English plural stemmer: both sides of a match go through it, so 'tomatoes' finds 'Tomato' and 'berry'
 * finds 'Mixed berries'. It only has to agree with itself, not produce dictionary words.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(oes|ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2);
  if (/(ss|us|is)$/.test(word)) return word;
  if (word.endsWith('s')) return word.slice(0, -1);
  // 'tomatoe', 'potatoe': the singular people write after seeing the plural
  if (word.endsWith('oe')) return word.slice(0, -1);
  return word;
}
