import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { AccountMessages } from '@fodmap/contracts';
import { GatewayConfig, SERVER_CONFIG } from '@fodmap/server';
import { RateLimiter } from '../http/rate-limit';
import { RetryLaterException } from '../http/retry-later.exception';

const HOUR_SECONDS = 60 * 60;
const MINUTE_SECONDS = 60;

/**
 * Limits new accounts (issue 20): each costs an argon2 hash, so a flood of sign-ups must not starve sign-in. Per client
 * address per hour (a family behind one router signs up a handful) and from everywhere per minute, reserved atomically
 * before the hash (as LoginAttempts does), so parallel requests cannot slip past. Every attempt counts: one refused as
 * taken is cheap, but giving units back would let a flood retry forever.
 */
@Injectable()
export class Registrations {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(SERVER_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async reserve(address: string): Promise<void> {
    const { perAddressPerHour, perMinute } = this.config.registrationLimits;
    const wait = await this.limiter.reserve(
      [
        { key: `register:address:${address}`, max: perAddressPerHour, windowSeconds: HOUR_SECONDS },
        { key: 'register:all', max: perMinute, windowSeconds: MINUTE_SECONDS },
      ],
      HOUR_SECONDS,
    );
    if (wait > 0) throw new RetryLaterException(HttpStatus.TOO_MANY_REQUESTS, AccountMessages.tooManyRegistrations, wait);
  }

}
