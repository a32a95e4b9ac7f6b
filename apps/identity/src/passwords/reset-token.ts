import { createHash, randomBytes } from 'node:crypto';

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export interface IssuedResetToken {
  /** Goes into the emailed link and nowhere else. */
  token: string;
  tokenHash: string;
  expiresAt: Date;
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function issueResetToken(now: Date): IssuedResetToken {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashResetToken(token), expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS) };
}

export type ResetTokenState = 'usable' | 'expired' | 'used';

export function resetTokenState(token: { expiresAt: Date; usedAt: Date | null }, now: Date): ResetTokenState {
  if (token.usedAt !== null) return 'used';
  return now.getTime() < token.expiresAt.getTime() ? 'usable' : 'expired';
}

/** `${base}/reset-password?token=…`, with the base's trailing slashes dropped; null when the base is not http(s). */
export function resetUrl(resetBaseUrl: string, token: string): string | null {
  let base: URL;
  try {
    base = new URL(resetBaseUrl);
  } catch {
    return null;
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') return null;
  const url = new URL(`${base.origin}${base.pathname.replace(/\/+$/, '')}/reset-password`);
  url.searchParams.set('token', token);
  return url.toString();
}
