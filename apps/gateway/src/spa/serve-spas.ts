import express, { Express, NextFunction, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../../..');

/** Serves the built phone app at / and the admin app at /admin/, with client-side routes falling back to index.html. */
export function serveSpas(app: Express): void {
  mount(app, '/admin', join(ROOT, 'apps/admin/dist'));
  mount(app, '/', join(ROOT, 'apps/web/dist'));
}

function mount(app: Express, base: string, dir: string): void {
  const index = join(dir, 'index.html');
  const files = express.static(dir, { index: false, maxAge: '1h' });
  // An /api request never names a file: without this, every API call costs a file-system lookup first.
  app.use(base, (req: Request, res: Response, next: NextFunction) => (req.originalUrl.startsWith('/api/') ? next() : files(req, res, next)));
  app.use(base, (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || req.originalUrl.startsWith('/api') || !existsSync(index)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
