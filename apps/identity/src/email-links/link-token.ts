import { createHash, randomBytes } from 'node:crypto';

/**
 * The tokens of the links identity emails (a password reset, an address confirmation): random, single use, short-lived,
 * and kept only as their SHA-256 hash, so a leaked table opens nothing.
 */
export interface IssuedLinkToken {
  /** Goes into the emailed link and nowhere else. */
  token: string;
  tokenHash: string;
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function issueLinkToken(): IssuedLinkToken {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}

export type LinkTokenState = 'usable' | 'expired' | 'used';

export function linkTokenState(token: { expiresAt: Date; usedAt: Date | null }, now: Date): LinkTokenState {
  if (token.usedAt !== null) return 'used';
  return now.getTime() < token.expiresAt.getTime() ? 'usable' : 'expired';
}

/** `${base}/${page}?token=…`, with the base's trailing slashes dropped; null when the base is not http(s). */
export function linkUrl(baseUrl: string, page: string, token: string): string | null {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    return null;
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') return null;
  const url = new URL(`${base.origin}${base.pathname.replace(/\/+$/, '')}/${page}`);
  url.searchParams.set('token', token);
  return url.toString();
}
