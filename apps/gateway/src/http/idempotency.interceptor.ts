import {
  BadRequestException,
  CallHandler,
  ConflictException,
  ExecutionContext,
  Inject,
  Injectable,
  NestInterceptor,
  UnprocessableEntityException,
} from '@nestjs/common';
import { IDEMPOTENCY_KEY_PATTERN, Messages } from '@fodmap/contracts';
import { SERVER_CONFIG, ServerConfig } from '@fodmap/server';
import { Request } from 'express';
import Redis from 'ioredis';
import { createHash } from 'node:crypto';
import { from, Observable, of, switchMap, tap } from 'rxjs';
import { REDIS } from '../infra/infra.module';

/** Read here, and by the routes that pass the key on to their service. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** How long a finished request's answer is replayed: covers a phone retrying after hours offline. */
const KEEP_SECONDS = 24 * 60 * 60;
/** How long a request counts as in flight: longer than any RPC timeout, short enough that a crash frees the key. */
const IN_FLIGHT_SECONDS = 60;

type Stored = { fingerprint: string; done: false } | { fingerprint: string; done: true; body: unknown };

/**
 * `Idempotency-Key` on a create, the fast path: the first request with a key runs and its answer is kept per user; the
 * same key with the same body gets that answer again without asking the service; with a different body it is a 422;
 * while the first is still running, a 409. A failed request frees its key, so a retry after a 503 or 504 goes to the
 * service again, which holds the key too (in the create's transaction) and answers what the first request created.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVER_CONFIG) config: ServerConfig,
  ) {
    this.prefix = `${config.natsPrefix}:idempotency:`;
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    const key = req.header(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined) return next.handle();
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new BadRequestException({ message: Messages.idempotencyKeyInvalid });
    const owner = req.user?.caller.userId ?? 'visitor';
    const redisKey = `${this.prefix}${owner}:${key}`;
    const fingerprint = createHash('sha256').update(`${req.method} ${req.path}\n${JSON.stringify(req.body ?? null)}`).digest('base64url');
    const pending: Stored = { fingerprint, done: false };
    return from(this.redis.set(redisKey, JSON.stringify(pending), 'EX', IN_FLIGHT_SECONDS, 'NX')).pipe(
      switchMap((claimed) => (claimed ? this.run(next, redisKey, fingerprint) : from(this.replay(redisKey, fingerprint)))),
    );
  }

  private run(next: CallHandler, redisKey: string, fingerprint: string): Observable<unknown> {
    return next.handle().pipe(
      switchMap((body) => {
        const done: Stored = { fingerprint, done: true, body };
        return from(this.redis.set(redisKey, JSON.stringify(done), 'EX', KEEP_SECONDS)).pipe(switchMap(() => of(body)));
      }),
      tap({ error: () => void this.redis.del(redisKey) }),
    );
  }

  private async replay(redisKey: string, fingerprint: string): Promise<unknown> {
    const raw = await this.redis.get(redisKey);
    // The first request failed and freed the key between our claim and this read: ask the client to send it again.
    if (raw === null) throw new ConflictException({ message: Messages.idempotencyInProgress });
    const stored = JSON.parse(raw) as Stored;
    if (stored.fingerprint !== fingerprint) throw new UnprocessableEntityException({ message: Messages.idempotencyKeyReused });
    if (!stored.done) throw new ConflictException({ message: Messages.idempotencyInProgress });
    return stored.body;
  }
}
