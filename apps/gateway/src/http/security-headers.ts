import { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * Scripts come only from our own origin; styles also allow inline because MUI's emotion injects <style> elements at run
 * time and the SPAs are static files (no per-response nonce to hand it).
 */
const POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Security headers on every response. HSTS only over TLS: over plain HTTP it means nothing and would pin a development host to HTTPS. */
export function securityHeaders(): RequestHandler {
  const always = precomputed(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: POLICY },
      strictTransportSecurity: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
  );
  const overTls = precomputed(helmet.strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true }));
  return (req, res, next) => {
    always(res);
    if (req.secure) overTls(res);
    next();
  };
}

/**
 * What a helmet middleware does to a response, recorded once and replayed: its headers depend on its options only (no
 * directive here is a function of the request), while running helmet per request walked a chain of a dozen middlewares
 * and re-set each header through Express, about 2 % of the gateway's time per request in the profile of
 * bench/gateway-overhead.mjs. Fails at start-up if the middleware ever needs the request or does not go on synchronously.
 */
function precomputed(middleware: RequestHandler): (res: Response) => void {
  const steps: Array<(res: Response) => void> = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => steps.push((res) => res.setHeader(name, value)),
    removeHeader: (name: string) => steps.push((res) => res.removeHeader(name)),
  };
  const noRequest = new Proxy(
    {},
    {
      get: (_target, field) => {
        throw new Error(`A precomputed security header reads the request (${String(field)})`);
      },
    },
  );
  let done = false;
  middleware(noRequest as Request, recorder as unknown as Response, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('A precomputed security header middleware did not go on synchronously');
  return (res) => {
    for (const step of steps) step(res);
  };
}

/** The same policy for a page that also fetches from these origins (the status page asks the main and backup sites). */
export function policyConnectingTo(origins: string[]): RequestHandler {
  return helmet.contentSecurityPolicy({ useDefaults: false, directives: { ...POLICY, connectSrc: ["'self'", ...origins] } });
}
