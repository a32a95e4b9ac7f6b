import { API_PREFIX } from '@fodmap/contracts';
import { Express, NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../../..');

/** Vite names every file under assets/ by its content hash: a changed file is a new URL, so a copy never goes stale. */
const HASHED_ASSET = /[\\/]assets[\\/]/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files with stable names (index.html, the favicon, legal pages) are revalidated on every use (ETag, 304). */
export const REVALIDATE = 'no-cache';

/** Serves the built phone app at / and the admin app at /admin/, with client-side routes falling back to index.html. */
export function serveSpas(app: Express): void {
  mount(app, '/admin', join(ROOT, 'apps/admin/dist'));
  mount(app, '/', join(ROOT, 'apps/web/dist'));
}

/**
 * The build writes a brotli (.br) and gzip (.gz) copy beside each file; the one the browser accepts is sent as is, with
 * Content-Encoding and Vary: Accept-Encoding, so nothing is compressed per request.
 */
function mount(app: Express, base: string, dir: string): void {
  const index = join(dir, 'index.html');
  const files = expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      cacheControl: false,
      setHeaders: (res: ServerResponse, path: string) => res.setHeader('Cache-Control', HASHED_ASSET.test(path) ? IMMUTABLE : REVALIDATE),
    },
  });
  // An /api request never names a file: without this, every API call costs a file-system lookup first.
  app.use(base, (req: Request, res: Response, next: NextFunction) => (req.originalUrl.startsWith(`${API_PREFIX}/`) ? next() : files(req, res, next)));
  app.use(base, (req: Request, res: Response, next: NextFunction) => {
    // A missing hashed file (an old chunk after a release) is a 404, never index.html with the wrong type.
    if (req.method !== 'GET' || req.originalUrl.startsWith(API_PREFIX) || req.path.startsWith('/assets/') || !existsSync(index)) return next();
    // Brotli whenever accepted (the smaller), as for the assets; browsers list gzip first with equal weight.
    const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : null;
    const compressed = encoding && `${index}.${encoding === 'br' ? 'br' : 'gz'}`;
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', REVALIDATE);
    res.type('html');
    if (compressed && existsSync(compressed)) {
      res.setHeader('Content-Encoding', encoding);
      return res.sendFile(compressed, { cacheControl: false });
    }
    res.sendFile(index, { cacheControl: false });
  });
}
