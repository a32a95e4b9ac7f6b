/** Every IANA zone this browser knows, with `current` among them even when Intl lists it under another name ('UTC'). */
export function timeZoneChoices(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return known.includes(current) ? known : [...known, current].sort();
}

/** 'Greenwich Mean Time, 2:05 PM now': what a zone's name alone may not tell a person. */
export function describeTimeZone(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'long' }).formatToParts(now);
  const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  const clock = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(now);
  return `${name}, ${clock} now`;
}
