import { describe, expect, it } from '@jest/globals';
import { normaliseHost } from './host';

describe('normaliseHost', () => {
  it('lowercases and strips the port', () => {
    expect(normaliseHost('FODMAPJournal.App:443')).toBe('fodmapjournal.app');
    expect(normaliseHost('localhost:3000')).toBe('localhost');
  });

  it('drops a trailing dot of a fully qualified name', () => {
    expect(normaliseHost('fodmapjournal.app.')).toBe('fodmapjournal.app');
  });

  it('keeps an IPv6 literal whole', () => {
    expect(normaliseHost('[::1]:3000')).toBe('[::1]');
  });

  it('falls back to the default key when no host is given', () => {
    expect(normaliseHost(undefined)).toBe('default');
    expect(normaliseHost(null)).toBe('default');
    expect(normaliseHost('  ')).toBe('default');
  });
});
