import { DEFAULT_DOMAIN_CONFIG, Messages, platformRoutes, type DomainConfig } from '@fodmap/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callRoute, isReadOf, queryKeyOf } from '@fodmap/web-client';

export const isDomainConfigRead = isReadOf(platformRoutes.domainConfig);
/** Spec §9: branding is cached for an hour. */
const DOMAIN_CONFIG_CACHE_MS = 60 * 60 * 1000;

async function fetchDomainConfig(): Promise<DomainConfig> {
  try {
    return await callRoute(platformRoutes.domainConfig);
  } catch {
    throw new Error(Messages.domainConfigFailed);
  }
}

/** The host's branding; the built-in default stands in until (or unless) the server answers. */
export function useDomainConfig(): DomainConfig {
  const { data } = useQuery({
    queryKey: queryKeyOf(platformRoutes.domainConfig),
    queryFn: fetchDomainConfig,
    staleTime: DOMAIN_CONFIG_CACHE_MS,
    gcTime: DOMAIN_CONFIG_CACHE_MS,
    retry: 1,
  });
  // Fields a host leaves out fall back to the default, and the result is stable so the theme is built once per config.
  return useMemo(() => (data ? { ...DEFAULT_DOMAIN_CONFIG, ...data } : DEFAULT_DOMAIN_CONFIG), [data]);
}
