import { Severity, SEVERITIES, SYMPTOM_LINK_LIFETIME_HOURS, SYMPTOM_TYPES, SymptomType, UNSUBSCRIBE_PREFERENCES, UnsubscribePreference } from '@fodmap/contracts';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a symptom link logs: exactly this, once. */
export interface SymptomAction {
  kind: 'symptom';
  symptomType: SymptomType;
  severity: Severity;
  mealId: number | null;
}

/** What an unsubscribe link turns off. */
export interface UnsubscribeAction {
  kind: 'unsubscribe';
  preference: UnsubscribePreference;
}

export type LinkAction = SymptomAction | UnsubscribeAction;

export interface LinkClaims<Action extends LinkAction = LinkAction> {
  /** Random: what a use is recorded under (symptom_link_uses), and the journal's idempotency key. */
  tokenId: string;
  userId: number;
  action: Action;
  /** null: never (unsubscribe links must work in an old email). */
  expiresAt: Date | null;
}

export type LinkVerdict<Action extends LinkAction> = { ok: true; claims: LinkClaims<Action> } | { ok: false; reason: 'invalid' | 'expired' };

export const SYMPTOM_LINK_LIFETIME_MS = SYMPTOM_LINK_LIFETIME_HOURS * 3_600_000;

/** The signed body, in short keys: a link is tapped on a phone, and shorter URLs survive mail clients better. */
interface Payload {
  i: string;
  u: number;
  /** 's': symptom [type, severity, meal id or null]; 'u': unsubscribe [preference]. */
  a: ['s', SymptomType, Severity, number | null] | ['u', UnsubscribePreference];
  /** Expiry in seconds since the epoch, or 0 for never. */
  e: number;
}

/**
 * Signed, stateless link tokens: `base64url(JSON payload).base64url(HMAC-SHA256)`. They carry an id, the user id, the
 * action and the expiry, and nothing else (no email address, no meal name): a forwarded or logged link leaks nothing
 * but what it does. Whoever holds the link may do that one action; the signature makes any other action a forgery.
 */
export class LinkTokens {
  constructor(private readonly secret: string) {}

  issue(userId: number, action: LinkAction, expiresAt: Date | null): string {
    const payload: Payload = {
      i: randomBytes(12).toString('base64url'),
      u: userId,
      a: action.kind === 'symptom' ? ['s', action.symptomType, action.severity, action.mealId] : ['u', action.preference],
      e: expiresAt ? Math.floor(expiresAt.getTime() / 1000) : 0,
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.sign(body).toString('base64url')}`;
  }

  symptomLink(userId: number, action: Omit<SymptomAction, 'kind'>, now: Date): string {
    return this.issue(userId, { kind: 'symptom', ...action }, new Date(now.getTime() + SYMPTOM_LINK_LIFETIME_MS));
  }

  unsubscribeLink(userId: number, preference: UnsubscribePreference): string {
    return this.issue(userId, { kind: 'unsubscribe', preference }, null);
  }

  /** Checks the signature in constant time, then the kind and the expiry. */
  verify<Kind extends LinkAction['kind']>(token: string, kind: Kind, now: Date): LinkVerdict<Extract<LinkAction, { kind: Kind }>> {
    const claims = this.claimsOf(token);
    if (!claims || claims.action.kind !== kind) return { ok: false, reason: 'invalid' };
    if (claims.expiresAt && claims.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, claims: claims as LinkClaims<Extract<LinkAction, { kind: Kind }>> };
  }

  private claimsOf(token: string): LinkClaims | null {
    const [body, signature, ...rest] = token.split('.');
    if (!body || !signature || rest.length > 0) return null;
    const given = Buffer.from(signature, 'base64url');
    const expected = this.sign(body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      return toClaims(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    } catch {
      return null;
    }
  }

  private sign(body: string): Buffer {
    return createHmac('sha256', this.secret).update(body).digest();
  }
}

/** Only a payload this class wrote passes: a signed token of another shape (an older format) is no token. */
function toClaims(payload: Payload): LinkClaims | null {
  const { i, u, a, e } = payload ?? {};
  if (typeof i !== 'string' || !Number.isInteger(u) || u <= 0 || !Number.isInteger(e) || e < 0 || !Array.isArray(a)) return null;
  const expiresAt = e === 0 ? null : new Date(e * 1000);
  // A symptom link always expires; only unsubscribe links may not.
  if (a[0] === 's' && a.length === 4 && expiresAt !== null && SYMPTOM_TYPES.includes(a[1]) && SEVERITIES.includes(a[2]) && (a[3] === null || (Number.isInteger(a[3]) && a[3] > 0))) {
    return { tokenId: i, userId: u, action: { kind: 'symptom', symptomType: a[1], severity: a[2], mealId: a[3] }, expiresAt };
  }
  if (a[0] === 'u' && a.length === 2 && UNSUBSCRIBE_PREFERENCES.includes(a[1])) {
    return { tokenId: i, userId: u, action: { kind: 'unsubscribe', preference: a[1] }, expiresAt };
  }
  return null;
}
