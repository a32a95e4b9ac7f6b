import { Messages } from '@fodmap/contracts';
import { RequestHandler } from 'express';

/**
 * A path the router would not match exactly but the SPA fallback would answer with HTML (`//api/health`,
 * `/API/health`, `//admin/`) is a JSON 404, so a client never mistakes the app's page for an API answer and a path
 * trick never skips a prefix-mounted guard. A request target that is not a path at all (`*`, `example.com:443`) is a
 * 400: the session and sign-in middleware only ever see paths.
 */
export function refuseAmbiguousPaths(): RequestHandler {
  return (req, res, next) => {
    if (!req.url.startsWith('/')) return void res.status(400).json({ message: Messages.requestTargetNotPath });
    const path = req.path;
    const doubled = path.includes('//');
    const miscasedApi = /^\/api(\/|$)/i.test(path) && !/^\/api(\/|$)/.test(path);
    if (!doubled && !miscasedApi) return next();
    res.status(404).json({ message: Messages.apiNotFound });
  };
}
