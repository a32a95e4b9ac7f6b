import { describe, expect, it } from '@jest/globals';
import { hashLinkToken, issueLinkToken, linkTokenState, linkUrl } from './link-token';

const issuedAt = new Date('2025-03-01T10:00:00Z');
const oneDay = 24 * 60 * 60 * 1000;

describe('issueLinkToken', () => {
  it('issues a 32-byte url-safe token and keeps only its hash', () => {
    const issued = issueLinkToken();
    expect(Buffer.from(issued.token, 'base64url')).toHaveLength(32);
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(issued.tokenHash).toBe(hashLinkToken(issued.token));
    expect(issued.tokenHash).not.toContain(issued.token);
  });

  it('never issues the same token twice', () => {
    expect(issueLinkToken().token).not.toBe(issueLinkToken().token);
  });
});

describe('linkTokenState', () => {
  const expiresAt = new Date(issuedAt.getTime() + oneDay);

  it('is usable until its lifetime is over', () => {
    expect(linkTokenState({ expiresAt, usedAt: null }, new Date(expiresAt.getTime() - 1))).toBe('usable');
  });

  it('is expired from the moment its lifetime is over', () => {
    expect(linkTokenState({ expiresAt, usedAt: null }, expiresAt)).toBe('expired');
  });

  it('is used once used, even within its lifetime', () => {
    expect(linkTokenState({ expiresAt, usedAt: issuedAt }, issuedAt)).toBe('used');
  });
});

describe('linkUrl', () => {
  it('points at the page on the given base with the token in the query', () => {
    expect(linkUrl('https://fodmapjournal.app/', 'reset-password', 'abc-_1')).toBe('https://fodmapjournal.app/reset-password?token=abc-_1');
    expect(linkUrl('http://localhost:3000/app', 'verify-email', 'x')).toBe('http://localhost:3000/app/verify-email?token=x');
  });

  it('refuses a base that is not an http(s) URL', () => {
    expect(linkUrl('javascript:alert(1)', 'reset-password', 'x')).toBeNull();
    expect(linkUrl('not a url', 'verify-email', 'x')).toBeNull();
  });
});
