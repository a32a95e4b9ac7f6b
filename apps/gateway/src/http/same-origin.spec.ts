import { Request, Response } from 'express';
import { describe, expect, it, jest } from '@jest/globals';
import { sameOriginOnly } from './same-origin';

const guard = sameOriginOnly(['https://journal.example', 'https://brand.example'], ['/api/unsubscribe']);

function run(method: string, headers: Record<string, string>, path = '/api/meals'): { passed: boolean; status?: number } {
  const res = { status: jest.fn().mockReturnThis(), json: jest.fn().mockReturnThis() };
  let passed = false;
  guard({ method, headers, path } as unknown as Request, res as unknown as Response, () => (passed = true));
  return { passed, status: res.status.mock.calls[0]?.[0] };
}

describe('sameOriginOnly', () => {
  it('lets reads through from anywhere', () => {
    expect(run('GET', { origin: 'https://evil.example' }).passed).toBe(true);
  });

  it('accepts a change from a configured origin and refuses one from any other with 403', () => {
    expect(run('POST', { origin: 'https://brand.example' }).passed).toBe(true);
    expect(run('DELETE', { origin: 'https://evil.example' })).toEqual({ passed: false, status: 403 });
    expect(run('POST', { origin: 'null' })).toEqual({ passed: false, status: 403 });
  });

  it('accepts a page of the host the request was sent to, and no other host', () => {
    expect(run('POST', { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }).passed).toBe(true);
    expect(run('POST', { origin: 'http://127.0.0.1:3000', host: 'journal.example' })).toEqual({ passed: false, status: 403 });
  });

  it('without Origin, trusts Sec-Fetch-Site same-origin and refuses cross-site', () => {
    expect(run('PATCH', { 'sec-fetch-site': 'same-origin' }).passed).toBe(true);
    expect(run('POST', { 'sec-fetch-site': 'cross-site' })).toEqual({ passed: false, status: 403 });
    expect(run('POST', { 'sec-fetch-site': 'same-site' })).toEqual({ passed: false, status: 403 });
  });

  it('lets a non-browser client (neither header) through', () => {
    expect(run('POST', {}).passed).toBe(true);
  });

  it('lets a cross-site POST reach a token-authorised path, that exact path only', () => {
    expect(run('POST', { origin: 'https://mail.example', 'sec-fetch-site': 'cross-site' }, '/api/unsubscribe').passed).toBe(true);
    expect(run('POST', { origin: 'https://mail.example' }, '/api/unsubscribe/x')).toEqual({ passed: false, status: 403 });
    expect(run('POST', { origin: 'https://mail.example' }, '/api/log-symptom')).toEqual({ passed: false, status: 403 });
  });
});
