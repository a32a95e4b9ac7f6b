/** Where every insights read lives: the insights feature reads it, and a journal change anywhere makes those reads stale. */
export const INSIGHTS_PATH = '/api/insights';
