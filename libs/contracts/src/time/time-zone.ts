export const DEFAULT_TIME_ZONE = 'UTC';

/** Building a formatter costs about 0.1 ms and every request's caller is checked: known spellings are remembered. */
const canonicalBySpelling = new Map<string, string>();
/** Bounds the memory a sender of many spellings (`eUROPE/london`…) can take; real traffic uses a few hundred zones. */
const REMEMBERED_SPELLINGS = 2000;

/** The canonical IANA name of a zone (`europe/london` → `Europe/London`), or null when Intl does not know it. */
export function canonicalTimeZone(timeZone: string): string | null {
  const remembered = canonicalBySpelling.get(timeZone);
  if (remembered !== undefined) return remembered;
  try {
    const canonical = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
    if (canonicalBySpelling.size < REMEMBERED_SPELLINGS) canonicalBySpelling.set(timeZone, canonical);
    return canonical;
  } catch {
    return null;
  }
}
