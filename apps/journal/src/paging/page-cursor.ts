import { PAGE_DEFAULT_LIMIT, Page, pageCursorInvalid } from '@fodmap/contracts';
import { rpcFailure } from '@fodmap/server';

/** Where a page of a newest-first list ends: the last item's instant, and its id for items of the same instant. */
export interface PagePosition {
  timestamp: string;
  id: number;
}

const POSITION = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([1-9]\d{0,15})$/;

/**
 * Keyset paging (issue 20): the cursor is the last item's position, opaque to the client (base64url), so the next page
 * is an index range scan after it, never an OFFSET. It names no person: every page is read among the caller's own rows.
 */
export function encodeCursor({ timestamp, id }: PagePosition): string {
  return Buffer.from(`${timestamp}|${id}`).toString('base64url');
}

/** The position a cursor of this list names, or 400: a tampered cursor is the client's mistake, not a failed query. */
export function decodeCursor(cursor: string): PagePosition {
  const match = POSITION.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (match === null || Number.isNaN(Date.parse(match[1])) || encodeCursor({ timestamp: match[1], id: Number(match[2]) }) !== cursor) {
    throw rpcFailure(400, pageCursorInvalid);
  }
  return { timestamp: match[1], id: Number(match[2]) };
}

/** A page of `limit` from `limit + 1` rows read, newest first: the extra row only says that there is a next page. */
export function pageOf<T extends PagePosition>(rows: T[], limit = PAGE_DEFAULT_LIMIT): Page<T> {
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  return { items, nextCursor: encodeCursor(items[items.length - 1]) };
}
