/** The logic of the status page's script (backup.js), typed for its unit tests (apps/gateway/src/backup). */
export interface Sites {
  mainHealth: string;
  /** null when no BACKUP_SITE_URL is configured. */
  backupHealth: string | null;
}
export interface CheckResult {
  main: boolean;
  /** null when the backup site was not asked (the main site answered, or there is none). */
  backup: boolean | null;
}
export interface PageState extends CheckResult {
  status: 'checking' | 'online' | 'offline';
  retries: number;
  checkedAt: Date | null;
}
export type FetchHealth = (url: string, init: { mode: 'no-cors'; cache: 'no-store'; credentials: 'omit'; signal: AbortSignal }) => Promise<{ type: string; ok: boolean }>;

export const CHECK_EVERY_MS: number;
export const TIMEOUT_MS: number;
export function checkSites(sites: Sites, fetchHealth?: FetchHealth, timeoutMs?: number): Promise<CheckResult>;
export function afterCheck(previous: Omit<PageState, 'main'>, result: CheckResult, checkedAt: Date): Omit<PageState, 'main'>;
