import { RequestHandler } from 'express';
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
export function securityHeaders(): RequestHandler[] {
  const hsts = helmet.strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true });
  return [
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: POLICY },
      strictTransportSecurity: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
    (req, res, next) => (req.secure ? hsts(req, res, next) : next()),
  ];
}

/** The same policy for a page that also fetches from these origins (the status page asks the main and backup sites). */
export function policyConnectingTo(origins: string[]): RequestHandler {
  return helmet.contentSecurityPolicy({ useDefaults: false, directives: { ...POLICY, connectSrc: ["'self'", ...origins] } });
}
