import { loadNotificationsConfig } from '@fodmap/server';
import { describe, expect, it } from '@jest/globals';
import { LinkTokens, SYMPTOM_LINK_LIFETIME_MS } from './link-tokens';

const tokens = new LinkTokens('test-secret');
const issuedAt = new Date('2025-06-01T12:00:00Z');
const later = (ms: number) => new Date(issuedAt.getTime() + ms);
const action = { symptomType: 'bloating', severity: 'moderate', mealId: 42 } as const;

/** The token with its payload changed and its signature kept, as a tamperer would send it. */
function tampered(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [body, signature] = token.split('.');
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  change(payload);
  return `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
}

describe('link tokens', () => {
  it('verify what they were issued for, within 48 hours', () => {
    const token = tokens.symptomLink(7, action, issuedAt);
    const verdict = tokens.verify(token, 'symptom', later(SYMPTOM_LINK_LIFETIME_MS - 1000));
    expect(verdict).toEqual({ ok: true, claims: { tokenId: expect.any(String), userId: 7, action: { kind: 'symptom', ...action }, expiresAt: later(SYMPTOM_LINK_LIFETIME_MS) } });
  });

  it('are expired from the 48th hour', () => {
    const token = tokens.symptomLink(7, action, issuedAt);
    expect(tokens.verify(token, 'symptom', later(SYMPTOM_LINK_LIFETIME_MS))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuse any change to the user, action or expiry', () => {
    const token = tokens.symptomLink(7, action, issuedAt);
    for (const change of [
      (payload: Record<string, unknown>) => (payload.u = 8),
      (payload: Record<string, unknown>) => (payload.a = ['s', 'pain', 'severe', 42]),
      (payload: Record<string, unknown>) => (payload.e = (payload.e as number) + 3600),
    ]) {
      expect(tokens.verify(tampered(token, change), 'symptom', issuedAt)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('refuse a token signed with another secret, a truncated one and garbage', () => {
    const foreign = new LinkTokens('other-secret').symptomLink(7, action, issuedAt);
    const token = tokens.symptomLink(7, action, issuedAt);
    for (const forged of [foreign, token.slice(0, -2), token.split('.')[0], 'not.a-token', '', `${token}.x`]) {
      expect(tokens.verify(forged, 'symptom', issuedAt)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('carry nothing but an id, the user, the action and the expiry (no email, no meal name)', () => {
    const payload = JSON.parse(Buffer.from(tokens.symptomLink(7, action, issuedAt).split('.')[0], 'base64url').toString('utf8'));
    expect(Object.keys(payload).sort()).toEqual(['a', 'e', 'i', 'u']);
    expect(payload.a).toEqual(['s', 'bloating', 'moderate', 42]);
  });

  it('differ on every issue, so each link is used once on its own', () => {
    expect(tokens.symptomLink(7, action, issuedAt)).not.toBe(tokens.symptomLink(7, action, issuedAt));
  });

  it('keep unsubscribe links working for ever, and never as symptom links (nor the reverse)', () => {
    const unsubscribe = tokens.unsubscribeLink(7, 'mealNotifications');
    expect(tokens.verify(unsubscribe, 'unsubscribe', later(10 * 365 * 86_400_000))).toMatchObject({ ok: true, claims: { userId: 7, action: { kind: 'unsubscribe', preference: 'mealNotifications' }, expiresAt: null } });
    expect(tokens.verify(unsubscribe, 'symptom', issuedAt)).toEqual({ ok: false, reason: 'invalid' });
    expect(tokens.verify(tokens.symptomLink(7, action, issuedAt), 'unsubscribe', issuedAt)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('LINK_SECRET', () => {
  it('is required in production, in one line naming the variable', () => {
    const callerSecret = { CALLER_SECRET: 'c'.repeat(32) };
    expect(() => loadNotificationsConfig({ NODE_ENV: 'production', ...callerSecret })).toThrow(/^LINK_SECRET must be set when NODE_ENV=production[^\n]*$/);
    const linkSecret = 's3cret'.repeat(6);
    expect(loadNotificationsConfig({ NODE_ENV: 'production', LINK_SECRET: linkSecret, ...callerSecret }).linkSecret).toBe(linkSecret);
  });

  it('has a development default, and the send concurrency defaults to 8', () => {
    const config = loadNotificationsConfig({});
    expect(config.linkSecret).toMatch(/development/);
    expect(config.emailSendConcurrency).toBe(8);
    expect(() => loadNotificationsConfig({ EMAIL_SEND_CONCURRENCY: '0' })).toThrow(/EMAIL_SEND_CONCURRENCY/);
  });
});
