import { z } from 'zod';

/** Issue 20: a list answers a page at a time; the next page's address is in the `Link: <…>; rel="next"` header. */
export const PAGE_DEFAULT_LIMIT = 100;
export const PAGE_MAX_LIMIT = 200;
/** An opaque cursor is never this long: a longer one is a 400, not a query. */
const CURSOR_MAX_LENGTH = 200;

/** The answer to a cursor that is not one a list gave (tampered, truncated, another list's). */
export const pageCursorInvalid = 'cursor is not one this list gave';

const pageMessage = `limit must be a whole number from 1 to ${PAGE_MAX_LIMIT}`;

/** `limit` and `cursor` of a paged list (strings in a query, numbers in a typed call). */
export const pageQueryShape = {
  limit: z.coerce.number({ invalid_type_error: pageMessage }).int(pageMessage).min(1, pageMessage).max(PAGE_MAX_LIMIT, pageMessage).optional(),
  cursor: z.string().min(1, 'cursor is empty').max(CURSOR_MAX_LENGTH, pageCursorInvalid).optional(),
};

/** A whole day (`?date=`, `?todayOnly=true`) is answered whole, never a page of it. */
export const wholeDayIsNotPaged = 'limit and cursor page the whole history; a day (date or todayOnly) is answered whole';

/** A page as a service answers it to the gateway: the items, and the next page's cursor when there are more. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
