import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { accountRoutes, authRoutes, mealRoutes } from '@fodmap/contracts';
import { ApiError, isUnauthorized, newIdempotencyKey } from './api';
import { callRoute } from './client';

function answer(status: number, body: string, contentType?: string, statusText = 'Status Text') {
  const headers = contentType ? { 'Content-Type': contentType } : undefined;
  const fetchMock = jest.fn<typeof fetch>().mockResolvedValue(new Response(body, { status, statusText, headers }));
  jest.spyOn(globalThis, 'fetch').mockImplementation(fetchMock);
  return fetchMock;
}

/** The Idempotency-Key each request was sent with. */
const keysSent = (fetchMock: jest.Mock<typeof fetch>) => fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));

const registration = { email: 'a@b.c', password: 'Correct-Horse-9', firstName: 'Ann', lastName: 'Lee' };
const lunch = { mealType: 'lunch' as const, name: 'a', timestamp: '2026-11-27T12:00:00.000Z' };

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('the error rules of every call (spec §8)', () => {
  it('uses the message field of a JSON error body', async () => {
    answer(409, JSON.stringify({ message: 'An account with this email already exists', error: 'Conflict' }), 'application/json', 'Conflict');
    await expect(callRoute(authRoutes.register, { body: registration })).rejects.toThrow('409: An account with this email already exists');
  });

  it('falls back to the error field, then to the status text', async () => {
    answer(400, JSON.stringify({ error: 'Bad things' }), 'application/json');
    await expect(callRoute(accountRoutes.user)).rejects.toThrow('400: Bad things');
    answer(500, JSON.stringify({ other: 1 }), 'application/json', 'Internal Server Error');
    await expect(callRoute(accountRoutes.user)).rejects.toThrow('500: Internal Server Error');
  });

  it('reports an HTML error page as such, and other text as it is', async () => {
    answer(502, '<!DOCTYPE html><html><body>Bad gateway</body></html>', 'text/html');
    await expect(callRoute(accountRoutes.user)).rejects.toThrow('502: Received HTML page instead of JSON response');
    answer(503, 'upstream down', 'text/plain');
    await expect(callRoute(accountRoutes.user)).rejects.toThrow('503: upstream down');
  });

  it('uses the status text when the error body is empty', async () => {
    answer(404, '', undefined, 'Not Found');
    await expect(callRoute(accountRoutes.user)).rejects.toThrow('404: Not Found');
  });

  it('rejects a successful answer that is not JSON', async () => {
    answer(200, '<html></html>', 'text/html; charset=utf-8');
    await expect(callRoute(accountRoutes.user)).rejects.toThrow('Expected JSON response but got: text/html; charset=utf-8');
  });

  it('keeps the status apart so a 401 is recognised', async () => {
    answer(401, JSON.stringify({ message: 'Unauthorized' }), 'application/json', 'Unauthorized');
    const error = await callRoute(mealRoutes.list).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(isUnauthorized(error)).toBe(true);
    expect(error).toMatchObject({ status: 401, detail: 'Unauthorized' });
  });
});

describe('a call as it is sent', () => {
  it('sends JSON with the session cookie, and a content type only when there is a body', async () => {
    const fetchMock = answer(200, JSON.stringify({ id: 1 }), 'application/json');
    await expect(callRoute(authRoutes.login, { body: { email: 'a@b.c', password: 'x' } })).resolves.toEqual({ id: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/local/login', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.c', password: 'x' }),
      credentials: 'include',
    });

    const getMock = answer(200, '{}', 'application/json');
    await callRoute(accountRoutes.user);
    const [, init] = getMock.mock.calls[0];
    expect(init?.headers).toEqual({ Accept: 'application/json' });
    expect(init?.body).toBeUndefined();
  });

  it("sends an upload as a multipart form with the file in the route's field, leaving the boundary to the browser", async () => {
    const fetchMock = answer(201, '{}', 'application/json');
    const photo = new File(['x'], 'me.png', { type: 'image/png' });
    await callRoute(accountRoutes.uploadPhoto, { file: photo });
    const [path, init] = fetchMock.mock.calls[0];
    expect(path).toBe('/api/auth/user/photo');
    expect(init?.headers).toEqual({ Accept: 'application/json' });
    const form = init?.body;
    expect(form).toBeInstanceOf(FormData);
    expect(form instanceof FormData && form.get('photo')).toMatchObject({ name: 'me.png', type: 'image/png' });
  });
});

describe('idempotency', () => {
  it('sends the Idempotency-Key a create passes, a fresh one per action, and none otherwise', async () => {
    const fetchMock = jest.fn<typeof fetch>(async () => new Response('{}', { status: 201, headers: { 'Content-Type': 'application/json' } }));
    jest.spyOn(globalThis, 'fetch').mockImplementation(fetchMock);
    await callRoute(mealRoutes.create, { body: lunch, idempotencyKey: newIdempotencyKey() });
    await callRoute(mealRoutes.create, { body: lunch, idempotencyKey: newIdempotencyKey() });
    await callRoute(authRoutes.login, { body: { email: 'a@b.c', password: 'x' } });
    const keys = keysSent(fetchMock);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBeNull();
  });

  it('does not resend a request without a key whose answer was lost (a sign-in sent twice counts twice)', async () => {
    const fetchMock = jest.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    jest.spyOn(globalThis, 'fetch').mockImplementation(fetchMock);
    await expect(callRoute(authRoutes.login, { body: { email: 'a@b.c', password: 'x' } })).rejects.toThrow('Failed to fetch');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends a POST whose answer was lost once more, with the same key', async () => {
    jest.useFakeTimers();
    const fetchMock = jest
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('{"id":7}', { status: 201, headers: { 'Content-Type': 'application/json' } }));
    jest.spyOn(globalThis, 'fetch').mockImplementation(fetchMock);
    const created = callRoute(mealRoutes.create, { body: lunch, idempotencyKey: newIdempotencyKey() });
    await jest.runAllTimersAsync();
    await expect(created).resolves.toEqual({ id: 7 });
    const keys = keysSent(fetchMock);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});
