import { platformRoutes } from '@fodmap/contracts';
import type { GatewayConfig } from '@fodmap/server';
import { Express } from 'express';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { policyConnectingTo } from '../http/security-headers';
import { REVALIDATE } from '../spa/serve-spas';

/** The page and its files (apps/gateway/public/backup), the same from the build (dist/backup) and the sources (src/backup). */
const PAGE_DIR = resolve(__dirname, '../../public/backup');
const PAGE_FILES: Record<string, string> = { 'backup.css': join(PAGE_DIR, 'backup.css'), 'backup.js': join(PAGE_DIR, 'backup.js') };
export const BACKUP_PAGE_PATH = '/backup';

export type BackupSites = Pick<GatewayConfig, 'publicUrl' | 'backupSiteUrl'>;

/**
 * The status page (spec §2 /backup) with the main site (PUBLIC_URL) and the backup site (BACKUP_SITE_URL) written in:
 * the links, and the health addresses its script asks. Made once at start-up from the template.
 */
export function backupPageHtml(template: string, { publicUrl, backupSiteUrl }: BackupSites): string {
  const health = (site: string) => new URL(platformRoutes.health.path, site).toString();
  const values: Record<string, string> = {
    MAIN_SITE: publicUrl,
    MAIN_HEALTH: health(publicUrl),
    BACKUP_SITE: backupSiteUrl ?? '',
    BACKUP_HEALTH: backupSiteUrl ? health(backupSiteUrl) : '',
  };
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (placeholder, name: string) => {
    if (!Object.hasOwn(values, name)) throw new Error(`The status page's template names ${placeholder}, which has no value`);
    return escapeAttribute(values[name]);
  });
}

/**
 * Serves /backup and its two files straight from the gateway, ahead of the SPAs and the session: the page renders when
 * every service (and so the session and branding calls) is down. Its CSP is the gateway's with the two sites it asks.
 */
export function serveBackupPage(express: Express, sites: BackupSites): void {
  const html = backupPageHtml(readFileSync(join(PAGE_DIR, 'index.html'), 'utf8'), sites);
  const origins = [sites.publicUrl, sites.backupSiteUrl].flatMap((site) => (site ? [new URL(site).origin] : []));
  express.get(BACKUP_PAGE_PATH, policyConnectingTo([...new Set(origins)]), (_req, res) => {
    res.setHeader('Cache-Control', REVALIDATE);
    res.type('html').send(html);
  });
  express.get(`${BACKUP_PAGE_PATH}/:file`, (req, res, next) => {
    const { file } = req.params;
    if (!Object.hasOwn(PAGE_FILES, file)) return next();
    res.setHeader('Cache-Control', REVALIDATE);
    res.sendFile(PAGE_FILES[file]);
  });
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&#39;', '<': '&lt;', '>': '&gt;' };

function escapeAttribute(value: string): string {
  return value.replace(/[&"'<>]/g, (character) => ATTRIBUTE_ESCAPES[character]);
}
