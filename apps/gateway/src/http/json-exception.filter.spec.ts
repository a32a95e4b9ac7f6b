import { Messages } from '@fodmap/contracts';
import { Response } from 'express';
import { NatsError } from 'nats';
import { describe, expect, it, jest } from '@jest/globals';
import { sendError } from './json-exception.filter';

function response() {
  const res = { status: jest.fn().mockReturnThis(), json: jest.fn().mockReturnThis(), setHeader: jest.fn() };
  return res as typeof res & Response;
}

describe('sendError', () => {
  it('answers NATS failing under a handler with 503, Retry-After and a message, not a 500', () => {
    const res = response();
    sendError(res, new NatsError('CONNECTION_CLOSED', 'CONNECTION_CLOSED'));
    expect(res.status).toHaveBeenCalledWith(503);
    expect(res.setHeader).toHaveBeenCalledWith('Retry-After', expect.stringMatching(/^\d+$/));
    expect(res.json).toHaveBeenCalledWith({ message: Messages.serviceUnavailable('storage') });
  });

  it('answers Redis gone (the session store) with 503 too', () => {
    const res = response();
    const error = new Error('Reached the max retries per request limit (which is 2).');
    error.name = 'MaxRetriesPerRequestError';
    sendError(res, error);
    expect(res.status).toHaveBeenCalledWith(503);
  });

  it('keeps a real bug a 500 with a generic message', () => {
    const res = response();
    sendError(res, new TypeError('x is undefined'));
    expect(res.status).toHaveBeenCalledWith(500);
    expect(res.setHeader).not.toHaveBeenCalled();
  });
});
