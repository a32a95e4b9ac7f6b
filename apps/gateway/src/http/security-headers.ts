import { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Security headers on every response. Scripts come only from our own origin; styles also allow inline because MUI's
 * emotion injects <style> elements at run time and the SPAs are static files (no per-response nonce to hand it).
 * HSTS only over TLS: over plain HTTP it means nothing and would pin a development host to HTTPS.
 */
export function securityHeaders(): RequestHandler[] {
  const hsts = helmet.strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true });
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
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
        },
      },
      strictTransportSecurity: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
    (req, res, next) => (req.secure ? hsts(req, res, next) : next()),
  ];
}
