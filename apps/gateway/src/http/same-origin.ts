import { Messages } from '@fodmap/contracts';
import { RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for every state-changing request: a browser names the page that sent it in `Origin` (always, for a
 * cross-origin POST/PUT/PATCH/DELETE) and in `Sec-Fetch-Site`, so a request from another site is refused whether
 * or not it carries our cookie. A request with neither header did not come from a browser page; such a client (curl,
 * a script) only holds cookies it was given, so it cannot be tricked into acting for someone else: it is let through.
 * Besides the configured origins, a page of the very host the request was sent to is same-origin by definition (a
 * brand's own domain, or 127.0.0.1 in development); a browser sets Host itself, so a foreign page cannot claim it.
 * `tokenAuthorisedPaths` are exact paths that act on a token in the request, never on the session's cookie (the
 * one-click unsubscribe): a request from another site can do there only what the token itself allows.
 */
export function sameOriginOnly(allowedOrigins: string[], tokenAuthorisedPaths: string[] = []): RequestHandler {
  const allowed = new Set(allowedOrigins);
  const exempt = new Set(tokenAuthorisedPaths);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || exempt.has(req.path)) return next();
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    const fromUs =
      origin !== undefined ? allowed.has(origin) || hostOf(origin) === req.headers.host : site === undefined || site === 'same-origin' || site === 'none';
    if (fromUs) return next();
    res.status(403).json({ message: Messages.crossOriginRefused });
  };
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
