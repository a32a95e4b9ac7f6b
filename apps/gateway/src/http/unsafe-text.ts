const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isUnsafe = (text: string) => text.includes('\0') || LONE_SURROGATE.test(text);

/**
 * Whether any string (value or key) inside a parsed body or query holds a NUL or an unpaired surrogate: PostgreSQL
 * cannot store either in text. Walked with an explicit stack, because a 100 KB body can nest deeper than the call stack.
 */
export function containsUnsafeText(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (isUnsafe(value)) return true;
    } else if (Array.isArray(value)) {
      pending.push(...value);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (isUnsafe(key)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}
