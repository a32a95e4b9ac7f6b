import type { CatalogueChange, CatalogueReleaseNotes } from '@fodmap/contracts';

export type ChangeKind = 'changed' | 'added' | 'removed';

export interface ChangeGroup {
  kind: ChangeKind;
  title: string;
  changes: CatalogueChange[];
}

const TITLES: Record<ChangeKind, string> = { changed: 'Ratings changed', added: 'Foods added', removed: 'Foods removed' };

/** A change's kind from what it holds: no 'from' is a new food, no 'to' a removed one. */
export function kindOf(change: CatalogueChange): ChangeKind {
  if (change.from === null) return 'added';
  return change.to === null ? 'removed' : 'changed';
}

/**
 * The release's changes grouped as the note shows them, in the release's own order within each group; only the changes
 * whose food name holds `find` (any case), and no empty groups.
 */
export function groupChanges(notes: CatalogueReleaseNotes, find = ''): ChangeGroup[] {
  const wanted = find.trim().toLowerCase();
  const shown = wanted ? notes.changes.filter((change) => change.name.toLowerCase().includes(wanted)) : notes.changes;
  return (['changed', 'added', 'removed'] as const)
    .map((kind) => ({ kind, title: TITLES[kind], changes: shown.filter((change) => kindOf(change) === kind) }))
    .filter((group) => group.changes.length > 0);
}

/** '2026-11-23' as '23 November 2026', the day as written whatever the reader's time zone. */
export function releaseDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(parsed);
}
