import { isIPv6 } from 'node:net';
import { Request } from 'express';

/**
 * The address rate limits count by: express's req.ip, which believes X-Forwarded-For only from TRUSTED_PROXIES.
 * An IPv6 client usually owns a whole /64, so it counts as one address.
 */
export function clientAddress(req: Request): string {
  const ip = (req.ip ?? req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (!isIPv6(ip)) return ip;
  const [head] = ip.split('::');
  const groups = ip.includes('::') ? head.split(':').filter(Boolean) : ip.split(':');
  return `${[...groups, '0', '0', '0', '0'].slice(0, 4).join(':')}::/64`;
}
