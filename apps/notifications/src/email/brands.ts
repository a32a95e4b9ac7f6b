import { DEFAULT_DOMAIN_CONFIG, DEFAULT_HOST, DomainConfig, Rpc } from '@fodmap/contracts';
import { ServiceRequester } from '@fodmap/server';
import { BrandOf } from './email-sender';

/** A domain's branding changes rarely; a morning's 100,000 emails ask for it once per host. */
export const BRAND_CACHE_MS = 5 * 60_000;

/**
 * The brand of each host, from identity's domain config (Rpc.identity.domainConfig), cached in-process. The default
 * host needs no request. A failed request fails the send, which the job queue retries: an email never goes out in
 * another domain's brand.
 */
export function identityBrands(requester: ServiceRequester, now: () => number = Date.now): BrandOf {
  const cache = new Map<string, { brand: Promise<DomainConfig>; until: number }>();
  return async (host) => {
    if (host === null || host === DEFAULT_HOST) return DEFAULT_DOMAIN_CONFIG;
    const cached = cache.get(host);
    if (cached && cached.until > now()) return cached.brand;
    const brand = requester.send(Rpc.identity.domainConfig, { host });
    cache.set(host, { brand, until: now() + BRAND_CACHE_MS });
    // A failure is not remembered: the retry asks again.
    brand.catch(() => cache.get(host)?.brand === brand && cache.delete(host));
    return brand;
  };
}
