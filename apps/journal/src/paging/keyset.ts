import { ExportCursor, pageCursorInvalid } from '@fodmap/contracts';
import { rpcFailure } from '@fodmap/server';

/**
 * Keyset paging (issue 20), the one way the journal reads a person's history a page at a time: the Diary's lists
 * newest first, the export oldest first. A page starts after the previous page's last row, by its (timestamp, id), so
 * the next page is an index range scan on (user_id, timestamp, id), never an OFFSET, and a row written meanwhile
 * neither repeats nor pushes another off a page.
 */
export type KeysetOrder = 'newest' | 'oldest';

/** Where a page ended: its last row's instant, to the microsecond (the column's precision), and its id. */
export type KeysetPosition = ExportCursor;

/** A page of rows, and where the next one starts (null on the last page). */
export interface KeysetPage<T> {
  items: T[];
  next: KeysetPosition | null;
}

const USEC_ISO = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/**
 * SQL of one page of `table`'s rows (columns user_id, "timestamp", id) with the parameters of keysetParams: `picked`,
 * the page's ids and instants for a `WITH picked AS (…)`; `next`, a scalar subquery on it answering the next page's
 * position as JSON, or null when no row follows (one index probe, so that the last page is never followed by an empty one).
 */
export function keysetSql(table: string, order: KeysetOrder): { picked: string; next: string } {
  const [after, direction, backwards] = order === 'newest' ? ['<', 'DESC', 'ASC'] : ['>', 'ASC', 'DESC'];
  return {
    picked: `SELECT k.id, k."timestamp" FROM ${table} k
      WHERE k.user_id = $1 AND (k."timestamp", k.id) ${after} ($2::timestamptz, $3::bigint)
      ORDER BY k."timestamp" ${direction}, k.id ${direction} LIMIT $4`,
    next: `SELECT json_build_object('at', to_char(l."timestamp" AT TIME ZONE 'UTC', ${USEC_ISO}), 'id', l.id::text)
      FROM (SELECT p.id, p."timestamp" FROM picked p ORDER BY p."timestamp" ${backwards}, p.id ${backwards} LIMIT 1) l
      WHERE (SELECT count(*) FROM picked) = $4
        AND EXISTS (SELECT 1 FROM ${table} n WHERE n.user_id = $1 AND (n."timestamp", n.id) ${after} (l."timestamp", l.id))`,
  };
}

/** $1 to $4 of keysetSql: the person, where the previous page ended (from the very start without one), the page's size. */
export function keysetParams(userId: number, order: KeysetOrder, after: KeysetPosition | null, limit: number): [number, string, string, number] {
  const [at, id] = after ? [after.at, after.id] : [order === 'newest' ? 'infinity' : '-infinity', '0'];
  return [userId, at, id, limit];
}

// Milliseconds too: a cursor given before positions were kept to the microsecond still reads its next page.
const POSITION = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(?:\d{3})?Z)\|([1-9]\d{0,15})$/;

/** A list's cursor: the position, opaque to the client (base64url). It names no person: every page is read among the caller's own rows. */
export function encodeCursor({ at, id }: KeysetPosition): string {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}

/** The position a list's cursor names, or 400: a tampered cursor is the client's mistake, not a failed query. */
export function decodeCursor(cursor: string): KeysetPosition {
  const match = POSITION.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (match === null || Number.isNaN(Date.parse(match[1].replace(/(\.\d{3})\d{3}Z$/, '$1Z'))) || encodeCursor({ at: match[1], id: match[2] }) !== cursor) {
    throw rpcFailure(400, pageCursorInvalid);
  }
  return { at: match[1], id: match[2] };
}
