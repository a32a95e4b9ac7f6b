import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { DatabaseLogger } from './database-logger';
import { createLogger } from './logger';

describe('DatabaseLogger', () => {
  it("writes a failed query as one JSON line with the statement and PostgreSQL's message, not its parameters", () => {
    const lines: string[] = [];
    createLogger('identity', { logLevel: 'info', logFormat: 'json' }, new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(...String(chunk).split('\n').filter(Boolean)), done()) }));
    const query = 'INSERT INTO identity.admin_users (id, email)\n     VALUES ($1, $2)';
    new DatabaseLogger(['error']).logQueryError(new Error('duplicate key value violates unique constraint "admin_users_email_key"'), query, [9, 'sam.ray@example.com']);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      level: 'error',
      context: 'Database',
      query: 'INSERT INTO identity.admin_users (id, email) VALUES ($1, $2)',
      msg: 'query failed: duplicate key value violates unique constraint "admin_users_email_key"',
    });
    expect(lines[0]).not.toContain('sam.ray');
  });
});
