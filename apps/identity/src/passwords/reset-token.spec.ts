import { describe, expect, it } from '@jest/globals';
import { hashResetToken, issueResetToken, RESET_TOKEN_LIFETIME_MS, resetTokenState, resetUrl } from './reset-token';

const issuedAt = new Date('2025-03-01T10:00:00Z');

describe('issueResetToken', () => {
  it('issues a 32-byte url-safe token that expires one hour later and keeps only its hash', () => {
    const issued = issueResetToken(issuedAt);
    expect(Buffer.from(issued.token, 'base64url')).toHaveLength(32);
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(issued.tokenHash).toBe(hashResetToken(issued.token));
    expect(issued.tokenHash).not.toContain(issued.token);
    expect(issued.expiresAt.getTime() - issuedAt.getTime()).toBe(RESET_TOKEN_LIFETIME_MS);
  });

  it('never issues the same token twice', () => {
    expect(issueResetToken(issuedAt).token).not.toBe(issueResetToken(issuedAt).token);
  });
});

describe('resetTokenState', () => {
  const { expiresAt } = issueResetToken(issuedAt);

  it('is usable until the hour is over', () => {
    expect(resetTokenState({ expiresAt, usedAt: null }, new Date(expiresAt.getTime() - 1))).toBe('usable');
  });

  it('is expired from the moment the hour is over', () => {
    expect(resetTokenState({ expiresAt, usedAt: null }, expiresAt)).toBe('expired');
  });

  it('is used once used, even within the hour', () => {
    expect(resetTokenState({ expiresAt, usedAt: issuedAt }, issuedAt)).toBe('used');
  });
});

describe('resetUrl', () => {
  it('points at /reset-password on the given base with the token in the query', () => {
    expect(resetUrl('https://fodmapjournal.app/', 'abc-_1')).toBe('https://fodmapjournal.app/reset-password?token=abc-_1');
    expect(resetUrl('http://localhost:3000/app', 'x')).toBe('http://localhost:3000/app/reset-password?token=x');
  });

  it('refuses a base that is not an http(s) URL', () => {
    expect(resetUrl('javascript:alert(1)', 'x')).toBeNull();
    expect(resetUrl('not a url', 'x')).toBeNull();
  });
});
