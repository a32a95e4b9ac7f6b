import { HttpStatus } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Messages } from '@fodmap/contracts';
import { closeHttpServer, isDraining } from '@fodmap/server';
import { NextFunction, Request, Response } from 'express';
import { RETRY_AFTER_SECONDS } from '../services/service-client';
import { sendError } from './json-exception.filter';
import { RetryLaterException } from './retry-later.exception';

/**
 * After SIGTERM every new request, `/api/health` included (readiness false), is a 503 with `Retry-After`: the load
 * balancer stops sending here, and a client retries on another replica (a create with its same Idempotency-Key).
 */
export function refuseWhileDraining(_request: Request, response: Response, next: NextFunction): void {
  if (!isDraining()) return next();
  sendError(response, new RetryLaterException(HttpStatus.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('gateway'), RETRY_AFTER_SECONDS));
}

/**
 * The gateway's stop. It keeps listening for `delayMs`, answering 503 with Retry-After, while the load balancers see
 * its readiness fail and Kubernetes takes it out of the Service's endpoints (a few seconds): a port closed at once
 * would refuse the connections still sent to it, which a browser reports as a network error rather than retrying.
 * Then the requests in flight are answered, the listener closes, and Nest closes its NATS client and Redis.
 */
export async function stopGateway(app: NestExpressApplication, delayMs: number): Promise<void> {
  await new Promise((done) => setTimeout(done, delayMs));
  await closeHttpServer(app.getHttpServer());
  await app.close();
}
