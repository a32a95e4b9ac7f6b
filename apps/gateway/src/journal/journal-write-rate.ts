import { CanActivate, ExecutionContext, HttpStatus, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { JournalMessages, Messages } from '@fodmap/contracts';
import { GatewayConfig, SERVER_CONFIG } from '@fodmap/server';
import type { Request } from 'express';
import { RateLimiter } from '../http/rate-limit';
import { RetryLaterException } from '../http/retry-later.exception';

const WINDOW_SECONDS = 60;

/**
 * Issue 20: at most JOURNAL_WRITES_PER_MINUTE meal and symptom writes per person a minute, counted in Redis in one
 * atomic step (RateLimiter), so parallel writes cannot slip past; then 429 with Retry-After. A person logs a few meals
 * a day: the limit only stops a script from filling the journal (and everyone's database) as fast as it can.
 * A guard, not an interceptor: a route without interceptors is answered without an RxJS pipeline per request. Placed
 * above the route's `@Endpoint`, so that it runs after the endpoint's SignedInGuard.
 */
@Injectable()
export class JournalWriteRate implements CanActivate {
  private readonly perMinute: number;

  constructor(
    private readonly limiter: RateLimiter,
    @Inject(SERVER_CONFIG) config: GatewayConfig,
  ) {
    this.perMinute = config.journalWritesPerMinute;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.perMinute === 0) return true;
    const caller = context.switchToHttp().getRequest<Request>().user?.caller;
    if (!caller) throw new UnauthorizedException({ message: Messages.unauthorized });
    const wait = await this.limiter.reserve([{ key: `journal-writes:${caller.userId}`, max: this.perMinute }], WINDOW_SECONDS);
    if (wait > 0) throw new RetryLaterException(HttpStatus.TOO_MANY_REQUESTS, JournalMessages.tooManyJournalWrites(wait), wait);
    return true;
  }
}
