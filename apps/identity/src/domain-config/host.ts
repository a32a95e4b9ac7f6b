import { DEFAULT_HOST } from '@fodmap/contracts';

/** The key of a domain config: the request's host name, lowercased, without port or trailing dot; 'default' when absent. */
export function normaliseHost(host: string | null | undefined): string {
  const trimmed = (host ?? '').trim().toLowerCase();
  if (trimmed === '') return DEFAULT_HOST;
  const withoutPort = trimmed.startsWith('[') ? trimmed.slice(0, trimmed.indexOf(']') + 1) : trimmed.replace(/:\d*$/, '');
  return withoutPort.replace(/\.$/, '') || DEFAULT_HOST;
}
