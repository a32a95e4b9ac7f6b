import { Messages, httpContract } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
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
    const served = await download(api, res.body.profileImageUrl ?? '');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toMatch(/^private\b/);
    expect(await sharp(served.bytes).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect(okBody(await api.call(httpContract.account.user)).profileImageUrl).toBe(res.body.profileImageUrl);
  });

  it('strips the camera metadata, GPS position included, and shows the photo to its owner only', async () => {
    const { api } = await registerUser('gpsphoto');
    const withGps = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PocketCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 26/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 39/1' } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const res = await api.call(httpContract.account.uploadPhoto, { body: photoForm(withGps, 'holiday.jpg', 'image/jpeg') });
    expectOk(res);
    const url = res.body.profileImageUrl ?? '';

    const served = await download(api, url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const metadata = await sharp(served.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    expect(metadata.exif).toBeUndefined();
    expect(served.bytes.includes('PocketCam')).toBe(false);

    const { api: stranger } = await registerUser('photostranger');
    expect((await download(stranger, url)).status).toBe(404);
    // A visitor is told to sign in, as on every signed-in route, whatever the name: nothing says the photo exists.
    expect((await download(new ApiSession(), url)).status).toBe(401);
  });

  it('scales a very large photo down', async () => {
    const { api } = await registerUser('hugephoto');
    const huge = await sharp({ create: { width: 4000, height: 2000, channels: 3, background: '#3c3' } }).png().toBuffer();
    const res = await api.call(httpContract.account.uploadPhoto, { body: photoForm(huge, 'wide.png', 'image/png') });
    expectOk(res);
    expect(await sharp((await download(api, res.body.profileImageUrl ?? '')).bytes).metadata()).toMatchObject({ width: 1024, height: 512 });
  });

  it('rejects a file that starts like an image but is not one', async () => {
    const { api } = await registerUser('brokenphoto');
    const res = await api.call(httpContract.account.uploadPhoto, { body: photoForm(Buffer.concat([PNG_1X1.subarray(0, 16), Buffer.alloc(64)]), 'broken.png', 'image/png') });
    expect(res).toMatchObject({ status: 400, body: { message: Messages.photoInvalid } });
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

/** A photo as the browser's <img> fetches it: the session's cookies, the bytes as they are. */
async function download(api: ApiSession, url: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(api.baseUrl + url, { headers: api.cookieHeader ? { Cookie: api.cookieHeader } : {} });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}
