export const DEFAULT_TIME_ZONE = 'UTC';

/** The canonical IANA name of a zone (`europe/london` → `Europe/London`), or null when Intl does not know it. */
export function canonicalTimeZone(timeZone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
