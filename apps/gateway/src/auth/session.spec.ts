import { describe, expect, it, jest } from '@jest/globals';
import { Request, Response } from 'express';
import { endExpiredSessions, SESSION_MAX_AGE_MS } from './session';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A request as passport leaves it: the caller of the session, and the session with its sign-in time. */
function requestSignedInAt(signedInAt: number | undefined): Request {
  const session = { signedInAt, regenerate: jest.fn((done: (error?: unknown) => void) => done()) };
  return { user: { caller: { userId: 7, timeZone: 'Europe/London' } }, session } as unknown as Request;
}

function run(req: Request): jest.Mock {
  const next = jest.fn();
  endExpiredSessions(req, {} as Response, next);
  return next;
}

describe('endExpiredSessions', () => {
  it('keeps a session signed in 29 days ago, however active it has been', () => {
    const req = requestSignedInAt(Date.now() - 29 * DAY_MS);
    expect(run(req)).toHaveBeenCalledWith();
    expect(req.user?.caller.userId).toBe(7);
    expect(req.session.regenerate).not.toHaveBeenCalled();
  });

  it('ends a session 30 days after sign-in: the request goes on as a visitor’s (a signed-in route answers 401) and its data is destroyed', () => {
    const req = requestSignedInAt(Date.now() - SESSION_MAX_AGE_MS - 1);
    expect(run(req)).toHaveBeenCalled();
    expect(req.user).toBeUndefined();
    expect(req.session.regenerate).toHaveBeenCalled();
  });

  it('ends a signed-in session that has no sign-in time (made before the lifetime was kept)', () => {
    const req = requestSignedInAt(undefined);
    run(req);
    expect(req.user).toBeUndefined();
    expect(req.session.regenerate).toHaveBeenCalled();
  });

  it('leaves a visitor alone', () => {
    const req = { session: { regenerate: jest.fn() } } as unknown as Request;
    expect(run(req)).toHaveBeenCalledWith();
    expect(req.session.regenerate).not.toHaveBeenCalled();
  });
});
