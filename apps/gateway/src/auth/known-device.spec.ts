import { describe, expect, it, jest } from '@jest/globals';
import { Request, Response } from 'express';
import { KnownDevices } from './known-device';

/** The options the device cookie was set with, for a request that reached the gateway as plain HTTP (a TLS proxy's). */
function cookieOptions(devices: KnownDevices): unknown {
  const cookie = jest.fn();
  devices.remember({ headers: {}, secure: false } as Request, { cookie } as unknown as Response, 'ann@example.com');
  return cookie.mock.calls[0][2];
}

describe('KnownDevices', () => {
  it('sets a Secure cookie when PUBLIC_URL is https, even when the proxy forwarded plain HTTP', () => {
    expect(cookieOptions(new KnownDevices('secret', true))).toMatchObject({ secure: true, httpOnly: true });
  });

  it('follows the request otherwise (local development over http)', () => {
    expect(cookieOptions(new KnownDevices('secret', false))).toMatchObject({ secure: false });
  });
});
