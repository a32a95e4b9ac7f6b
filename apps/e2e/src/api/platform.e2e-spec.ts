import { Messages, httpContract } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { ApiSession, expectFailure, expectOk, okBody, registerUser } from '../support/api';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function photoForm(bytes: Buffer, name: string, type: string): FormData {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

describe('the /api surface', () => {
  it('reports every service as up', async () => {
    const res = await new ApiSession().call(httpContract.platform.health);
    expectOk(res);
    expect(res.body.services).toEqual({ identity: 'up', journal: 'up', foods: 'up', insights: 'up', notifications: 'up' });
  });

  it('answers an unknown path with a JSON 404', async () => {
    const res = await new ApiSession().raw('GET', '/api/no-such-thing');
    expect(res).toMatchObject({ status: 404, body: { message: Messages.apiNotFound } });
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('answers malformed JSON with a JSON 400', async () => {
    const res = await new ApiSession().send(httpContract.auth.login, { body: '{"email": ' });
    expectFailure(res, 400);
    expect(res.body.message).toBe(Messages.malformedJson);
  });

  it('keeps signed-out people out of personal data', async () => {
    const res = await new ApiSession().call(httpContract.meals.create, { body: { mealType: 'lunch', name: 'Soup', timestamp: new Date().toISOString() } });
    expectFailure(res, 401);
    expect(res.body.message).toBe('Unauthorized');
  });
});

describe('profile photo', () => {
  it('stores a real image and serves it back at profileImageUrl', async () => {
    const { api } = await registerUser('photo');
    const res = await api.call(httpContract.account.uploadPhoto, { body: photoForm(PNG_1X1, 'me.png', 'image/png') });
    expectOk(res);
    expect(res.body.profileImageUrl).toMatch(/^\/api\/photos\//);
    const served = await fetch(api.baseUrl + res.body.profileImageUrl);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    expect(okBody(await api.call(httpContract.account.user)).profileImageUrl).toBe(res.body.profileImageUrl);
  });

  it('rejects a file that only claims to be an image', async () => {
    const { api } = await registerUser('fakephoto');
    const res = await api.call(httpContract.account.uploadPhoto, { body: photoForm(Buffer.from('just some text'), 'cat.png', 'image/png') });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(Messages.photoInvalid);
    expect(okBody(await api.call(httpContract.account.user)).profileImageUrl).toBeNull();
  });

  it('rejects an image larger than 5 MB', async () => {
    const { api } = await registerUser('bigphoto');
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await api.call(httpContract.account.uploadPhoto, { body: photoForm(big, 'big.png', 'image/png') });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(Messages.photoTooLarge);
  });
});
