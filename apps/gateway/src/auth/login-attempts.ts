import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Messages } from '@fodmap/contracts';
import { loadConfig } from '@fodmap/server';
import Redis from 'ioredis';
import { REDIS } from '../infra/infra.module';

const MAX_FAILURES = 5;
const WINDOW_SECONDS = 15 * 60;

/** Counts failed sign-ins per email in Redis; after five in fifteen minutes that email must wait. */
@Injectable()
export class LoginAttempts {
  private readonly prefix = `${loadConfig().natsPrefix}:login-failures:`;

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async assertAllowed(email: string): Promise<void> {
    const key = this.prefix + email;
    const failures = Number((await this.redis.get(key)) ?? 0);
    if (failures < MAX_FAILURES) return;
    const ttl = await this.redis.ttl(key);
    throw new HttpException({ message: Messages.tooManyLoginAttempts(ttl > 0 ? ttl : WINDOW_SECONDS) }, HttpStatus.TOO_MANY_REQUESTS);
  }

  async recordFailure(email: string): Promise<void> {
    const key = this.prefix + email;
    const failures = await this.redis.incr(key);
    if (failures === 1) await this.redis.expire(key, WINDOW_SECONDS);
  }

  async clear(email: string): Promise<void> {
    await this.redis.del(this.prefix + email);
  }
}
