import { useState } from 'react';

/**
 * True from the first render in which `condition` holds, and ever after: a dialog whose code loads on first use stays
 * mounted once loaded, so it can animate its closing and opens at once the next time.
 */
export function useOnceTrue(condition: boolean): boolean {
  const [seen, setSeen] = useState(condition);
  if (condition && !seen) setSeen(true);
  return seen || condition;
}
