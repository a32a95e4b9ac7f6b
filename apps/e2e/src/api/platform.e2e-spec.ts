import { Messages } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { ApiSession, registerUser } from '../support/api';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function photoForm(bytes: Buffer, name: string, type: string): FormData {
  const form = new FormData();
  form.append('photo', new Blob([bytes], { type }), name);
  return form;
}

describe('the /api surface', () => {
  it('reports every service as up', async () => {
    const res = await new ApiSession().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.services).toEqual({ identity: 'up', journal: 'up', foods: 'up', insights: 'up', notifications: 'up' });
  });

  it('answers an unknown path with a JSON 404', async () => {
    const res = await new ApiSession().get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body.message).toBe(Messages.apiNotFound);
  });

  it('answers malformed JSON with a JSON 400', async () => {
    const res = await new ApiSession().request('POST', '/api/auth/local/login', '{"email": ');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(Messages.malformedJson);
  });

  it('keeps signed-out people out of personal data', async () => {
    const res = await new ApiSession().post('/api/meals', { mealType: 'lunch', name: 'Soup', timestamp: new Date().toISOString() });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Unauthorized');
  });
});

describe('profile photo', () => {
  it('stores a real image and serves it back at profileImageUrl', async () => {
    const { api } = await registerUser('photo');
    const res = await api.request('POST', '/api/auth/user/photo', photoForm(PNG_1X1, 'me.png', 'image/png'));
    expect(res.status).toBe(201);
    expect(res.body.profileImageUrl).toMatch(/^\/api\/photos\//);
    const served = await fetch(api.baseUrl + res.body.profileImageUrl);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    expect((await api.get('/api/auth/user')).body.profileImageUrl).toBe(res.body.profileImageUrl);
  });

  it('rejects a file that only claims to be an image', async () => {
    const { api } = await registerUser('fakephoto');
    const res = await api.request('POST', '/api/auth/user/photo', photoForm(Buffer.from('just some text'), 'cat.png', 'image/png'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(Messages.photoInvalid);
    expect((await api.get('/api/auth/user')).body.profileImageUrl).toBeNull();
  });

  it('rejects an image larger than 5 MB', async () => {
    const { api } = await registerUser('bigphoto');
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await api.request('POST', '/api/auth/user/photo', photoForm(big, 'big.png', 'image/png'));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(Messages.photoTooLarge);
  });
});
