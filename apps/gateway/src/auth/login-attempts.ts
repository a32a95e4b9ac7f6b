import { HttpStatus, Injectable } from '@nestjs/common';
import { Messages } from '@fodmap/contracts';
import { Limit, RateLimiter } from '../http/rate-limit';
import { RetryLaterException } from '../http/retry-later.exception';

const WINDOW_SECONDS = 15 * 60;
/** Failed sign-ins per email from devices that never signed in to it: what strangers guessing a password hit. */
const PER_EMAIL = 5;
/** Failed sign-ins per known device (one that signed in to the email before): exempt from the email's lock. */
const PER_DEVICE = 5;
/** Failed sign-ins per client address across all emails: what one guesser spraying many accounts hits. */
const PER_ADDRESS = 30;

/** Who is trying: the email, the client address and, when the browser signed in to this email before, its device id. */
export interface LoginAttempt {
  email: string;
  address: string;
  device: string | null;
}

/**
 * Counts sign-in attempts before the password is checked (reserve, then hash), so concurrent guesses cannot pass
 * the limit while the slow hash runs. A failure keeps its unit; success clears the counter of the email (or of the
 * known device) and gives the address's unit back; a failure that is not a wrong password (an outage) gives every unit back.
 */
@Injectable()
export class LoginAttempts {
  constructor(private readonly limiter: RateLimiter) {}

  async reserve(attempt: LoginAttempt): Promise<void> {
    const wait = await this.limiter.reserve(limitsOf(attempt), WINDOW_SECONDS);
    if (wait > 0) throw new RetryLaterException(HttpStatus.TOO_MANY_REQUESTS, Messages.tooManyLoginAttempts(wait), wait);
  }

  async succeeded(attempt: LoginAttempt): Promise<void> {
    const [address, owner] = limitsOf(attempt);
    await Promise.all([this.limiter.release(address.key), this.limiter.clear(owner.key)]);
  }

  async abandoned(attempt: LoginAttempt): Promise<void> {
    await Promise.all(limitsOf(attempt).map((limit) => this.limiter.release(limit.key)));
  }
}

function limitsOf({ email, address, device }: LoginAttempt): [Limit, Limit] {
  return [
    { key: `login:address:${address}`, max: PER_ADDRESS },
    device ? { key: `login:device:${device}`, max: PER_DEVICE } : { key: `login:email:${email}`, max: PER_EMAIL },
  ];
}
