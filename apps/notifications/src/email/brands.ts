import { DEFAULT_DOMAIN_CONFIG, DEFAULT_HOST, DomainConfig, Rpc } from '@fodmap/contracts';
import { ServiceRequester } from '@fodmap/server';
import { LRUCache } from 'lru-cache';
import { BrandOf } from './email-sender';

/** A domain's branding changes rarely; a morning's 100,000 emails ask for it once per host. */
export const BRAND_CACHE_MS = 5 * 60_000;
/** Hosts kept at once: far above the brands a deployment serves, a bound on memory all the same. */
const BRANDS_KEPT = 1_000;

/**
 * The brand of each host, from identity's domain config (Rpc.identity.domainConfig), cached in-process; concurrent
 * sends for one host share one request. The default host needs no request. A failed request fails the send, which the
 * job queue retries, and is not remembered (lru-cache drops a rejected fetch): an email never goes out in another
 * domain's brand.
 */
export function identityBrands(requester: ServiceRequester): BrandOf {
  const brands = new LRUCache<string, DomainConfig>({
    max: BRANDS_KEPT,
    ttl: BRAND_CACHE_MS,
    fetchMethod: (host) => requester.send(Rpc.identity.domainConfig, { host }),
  });
  return async (host) => (host === null || host === DEFAULT_HOST ? DEFAULT_DOMAIN_CONFIG : brands.forceFetch(host));
}
