/** One paged list as read so far: its items in the list's own order, and whether the server has pages after them. */
export interface ReadStream<T> {
  items: readonly T[];
  more: boolean;
}

/** What can be shown of several paged lists merged, and which list to read further to show more. */
export interface MergedPages<T> {
  shown: T[];
  /** the index of the list whose next page moves the frontier on; null once every list is read to its end */
  limiting: number | null;
}

/**
 * A k-way merge of lists that arrive a page at a time, each sorted by `order` (the journal pages meals and symptoms
 * alike, newest first). An unread page of a list can only hold items after its last item read, so an item is certain
 * of its place only when it comes no later than the last item read of every list that has more pages: the frontier.
 * Items past it wait for the page that limits the frontier (the list whose last read item comes first), which is the
 * one to read next; showing them sooner would let that page slot an older symptom above meals already on screen.
 */
export function mergePages<T>(streams: readonly ReadStream<T>[], order: (a: T, b: T) => number): MergedPages<T> {
  let frontier: T | undefined;
  let limiting: number | null = null;
  for (const [index, { items, more }] of streams.entries()) {
    if (!more) continue;
    const last = items.at(-1);
    // A list with more pages and none of its items read yet holds everything back.
    if (last === undefined) return { shown: [], limiting: index };
    if (frontier === undefined || order(last, frontier) < 0) {
      frontier = last;
      limiting = index;
    }
  }

  const shown: T[] = [];
  const next = streams.map(() => 0);
  for (;;) {
    let pick: number | null = null;
    for (const [index, { items }] of streams.entries()) {
      const head = items[next[index]];
      if (head !== undefined && (pick === null || order(head, streams[pick].items[next[pick]]) < 0)) pick = index;
    }
    if (pick === null) break;
    const item = streams[pick].items[next[pick]];
    if (frontier !== undefined && order(item, frontier) > 0) break;
    shown.push(item);
    next[pick] += 1;
  }
  return { shown, limiting };
}
