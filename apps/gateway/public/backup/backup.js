// The status page's script (spec §2 /backup). A file of its own, since the gateway's CSP allows no inline script, and
// plain JavaScript served as it is, so that the page needs no build and nothing of the API but the health it checks.
// In a browser it runs the page; under Node its logic is exported for apps/gateway/src/backup/backup-page.spec.ts.
'use strict';

(function (page) {
  /** Spec §9: the main site is checked every 30 s, and a check waits 10 s at most for a site's answer. */
  const CHECK_EVERY_MS = 30_000;
  const TIMEOUT_MS = 10_000;

  /**
   * Whether a site's GET /api/health answered in time, asked as spec §7 says (no-cors: the site needs no CORS headers).
   * From the page's own origin the answer can be read: a 503 (a service down) means the site cannot serve anyone, so
   * it is not up. From another origin the answer is opaque: that the site answered is all a page can learn.
   */
  async function answers(healthUrl, fetchHealth, timeoutMs) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    try {
      const response = await fetchHealth(healthUrl, { mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: abort.signal });
      return response.type === 'opaque' || response.ok;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The main site first; the backup site only when the main one fails (spec §4: "falls back to a second site"), and
   * never when none is configured. `backup` is null when it was not asked.
   */
  async function checkSites(sites, fetchHealth = fetch, timeoutMs = TIMEOUT_MS) {
    if (await answers(sites.mainHealth, fetchHealth, timeoutMs)) return { main: true, backup: null };
    return { main: false, backup: sites.backupHealth ? await answers(sites.backupHealth, fetchHealth, timeoutMs) : null };
  }

  /** The page after a check (spec §4): online resets the retry count, offline adds one. */
  function afterCheck(previous, result, checkedAt) {
    return { status: result.main ? 'online' : 'offline', retries: result.main ? 0 : previous.retries + 1, backup: result.backup, checkedAt };
  }

  function show(document, state, checking) {
    const byId = (id) => document.getElementById(id);
    byId('checking').hidden = !checking;
    byId('online').hidden = state.status !== 'online';
    byId('offline').hidden = state.status !== 'offline';
    byId('retries').textContent = String(state.retries);
    byId('backup-online').hidden = state.backup !== true;
    byId('backup-silent').hidden = state.backup !== false;
    byId('check').setAttribute('aria-disabled', String(checking));
    if (state.checkedAt) {
      const time = byId('checked-at');
      time.dateTime = state.checkedAt.toISOString();
      time.textContent = state.checkedAt.toLocaleTimeString();
      byId('checked').hidden = false;
    }
  }

  /** Checks on load, then 30 s after each check; 'Check Site Status' checks at once and starts the 30 s again. */
  function run(document) {
    const root = document.documentElement;
    const sites = { mainHealth: root.dataset.mainHealth, backupHealth: root.dataset.backupHealth || null };
    if (!sites.backupHealth) document.querySelectorAll('[data-backup]').forEach((link) => (link.hidden = true));
    let state = { status: 'checking', retries: 0, backup: null, checkedAt: null };
    let checking = false;
    let next;
    const check = async () => {
      if (checking) return;
      clearTimeout(next);
      checking = true;
      show(document, state, checking);
      state = afterCheck(state, await checkSites(sites), new Date());
      checking = false;
      show(document, state, checking);
      next = setTimeout(check, CHECK_EVERY_MS);
    };
    document.getElementById('check').addEventListener('click', check);
    void check();
  }

  Object.assign(page, { CHECK_EVERY_MS, TIMEOUT_MS, checkSites, afterCheck });
  if (typeof document !== 'undefined') run(document);
})(typeof module === 'object' ? module.exports : {});
