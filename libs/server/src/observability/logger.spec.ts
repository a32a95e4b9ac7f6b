import { describe, expect, it, jest } from '@jest/globals';
import { Writable } from 'node:stream';
import { withCausation } from '../events/correlation';
import { createLogger, usePseudonymKey, userPseudonym } from './logger';

/** A logger writing into an array, one parsed JSON object per line. */
function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('journal', { logLevel: 'info', logFormat: 'json' }, sink), lines };
}

describe('createLogger', () => {
  it('writes one JSON line per entry with the service, the level as a word, the time and the message', () => {
    const { logger, lines } = capturedLogger();
    logger.info({ route: '/api/meals' }, 'request');
    expect(lines).toEqual([expect.objectContaining({ service: 'journal', level: 'info', route: '/api/meals', msg: 'request', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })]);
  });

  it('carries the correlation id of the work in progress, and none outside it', () => {
    const { logger, lines } = capturedLogger();
    withCausation({ correlationId: 'req-42', causationId: null }, () => logger.info('inside'));
    logger.info('outside');
    expect(lines[0]).toMatchObject({ msg: 'inside', correlationId: 'req-42' });
    expect(lines[1]).not.toHaveProperty('correlationId');
  });

  it('redacts secrets and personal fields, and email addresses written into a message', () => {
    const { logger, lines } = capturedLogger();
    logger.warn({ password: 'hunter2', email: 'ann@example.com', headers: { cookie: 'sid=1', authorization: 'Bearer x', 'set-cookie': 'sid=2' }, body: { newPassword: 'hunter3' }, token: 'abc' }, 'sign-in of ann@example.com failed');
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/hunter[23]|ann@example\.com|sid=[12]|Bearer|abc/);
    expect(lines[0]).toMatchObject({ password: '[redacted]', email: '[redacted]', headers: { cookie: '[redacted]', authorization: '[redacted]' }, msg: 'sign-in of [email] failed' });
  });

  it('stays quiet below its level', () => {
    const sink = new Writable({ write: (_chunk, _encoding, done) => done(new Error('nothing should be written')) });
    const logger = createLogger('journal', { logLevel: 'warn', logFormat: 'json' }, sink);
    expect(() => logger.info('not written')).not.toThrow();
  });
});

describe('the process logger on standard output', () => {
  it('writes the lines of one turn of the event loop together, each whole and in order', async () => {
    const written: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => (written.push(String(chunk)), true));
    try {
      const logger = createLogger('gateway', { logLevel: 'info', logFormat: 'json' });
      for (const route of ['/api/auth/user', '/api/dashboard/stats', '/api/meals']) logger.info({ route }, 'request');
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      spy.mockRestore();
    }
    expect(written).toHaveLength(1);
    expect(written[0].split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { route: string }).route)).toEqual(['/api/auth/user', '/api/dashboard/stats', '/api/meals']);
  });
});

describe('userPseudonym', () => {
  it('is 16 hex digits, the same for the same person under one key, and neither the id nor the same under another key', () => {
    usePseudonymKey('first-secret');
    const ann = userPseudonym(42);
    expect(ann).toMatch(/^[0-9a-f]{16}$/);
    expect(ann).not.toContain('42');
    expect(userPseudonym('42')).toBe(ann);
    expect(userPseudonym(43)).not.toBe(ann);
    expect(userPseudonym(null)).toBeUndefined();
    usePseudonymKey('second-secret');
    expect(userPseudonym(42)).not.toBe(ann);
  });
});
