import { AdminMessages } from '@fodmap/contracts';

/** A record's or a send's date as the reader's locale writes it, e.g. 'Mar 3, 2026'. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A send that may not have happened yet: 'Never' until it has. */
export const formatLastSent = (iso: string | null) => (iso === null ? AdminMessages.never : formatDate(iso));
