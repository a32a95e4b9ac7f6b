import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { AUTH_API_PREFIX } from '@fodmap/contracts';
import { Request, Response } from 'express';

const COOKIE = 'fodmap.device';
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * A browser that has signed in to an account before carries a cookie signed for that email. Strangers' failed guesses
 * lock the email out for unknown devices only; a known device has a failure limit of its own.
 */
export class KnownDevices {
  /** `secureCookies`: PUBLIC_URL is https, so the cookie is Secure even when a TLS proxy forwards plain HTTP. */
  constructor(
    private readonly secret: string,
    private readonly secureCookies: boolean,
  ) {}

  /** The device's id when its cookie was signed by us for this email, else null. */
  recognise(req: Request, email: string): string | null {
    const value = /(?:^|;\s*)fodmap\.device=([A-Za-z0-9-]+)\.([A-Za-z0-9_-]+)/.exec(req.headers.cookie ?? '');
    if (!value) return null;
    const [, id, signature] = value;
    const expected = Buffer.from(this.sign(id, email));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  /** Marks this browser as a known device of the email after a successful sign-in. */
  remember(req: Request, res: Response, email: string): void {
    const id = this.recognise(req, email) ?? randomUUID();
    res.cookie(COOKIE, `${id}.${this.sign(id, email)}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secureCookies || req.secure,
      maxAge: ONE_YEAR_MS,
      path: AUTH_API_PREFIX,
    });
  }

  private sign(id: string, email: string): string {
    return createHmac('sha256', this.secret).update(`device\n${id}\n${email}`).digest('base64url');
  }
}
