import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger, PayloadTooLargeException } from '@nestjs/common';
import { Messages } from '@fodmap/contracts';
import { ErrorRequestHandler, Response } from 'express';
import { NatsError } from 'nats';
import { RETRY_AFTER_SECONDS } from '../services/service-client';
import { RetryLaterException } from './retry-later.exception';

const logger = new Logger('Gateway');

/** Every /api failure is JSON `{ message }` with the right status (architecture rule 5). */
@Catch()
export class JsonExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    sendError(host.switchToHttp().getResponse<Response>(), exception);
  }
}

/** Failures of the middleware before Nest's routes (sessions in Redis, passport) answer in the same JSON. */
export const jsonErrors: ErrorRequestHandler = (error, _req, res, _next) => sendError(res, error);

/** The one way the gateway answers a failure, for Nest handlers and plain express middleware alike. */
export function sendError(response: Response, failure: unknown): void {
  const exception = asOutage(failure);
  const [status, message] = describe(exception);
  if (status >= 500 && !(exception instanceof RetryLaterException)) logger.error(exception instanceof Error ? exception.stack : String(exception));
  if (exception instanceof RetryLaterException) response.setHeader('Retry-After', String(exception.retryAfterSeconds));
  response.status(status).json({ message });
}

/** NATS (photo storage) or Redis (sessions, limits) failing is an outage the caller may retry, not a bug: 503. */
function asOutage(exception: unknown): unknown {
  if (exception instanceof NatsError) return new RetryLaterException(HttpStatus.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('storage'), RETRY_AFTER_SECONDS);
  const redisDown = exception instanceof Error && /MaxRetriesPerRequest|Connection is closed|ECONNREFUSED/.test(`${exception.name} ${exception.message}`);
  if (redisDown) return new RetryLaterException(HttpStatus.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('session'), RETRY_AFTER_SECONDS);
  return exception;
}

function describe(exception: unknown): [number, string] {
  // Multer's size limit is the only 413 the gateway raises: a photo above 5 MB.
  if (exception instanceof PayloadTooLargeException) return [HttpStatus.PAYLOAD_TOO_LARGE, Messages.photoTooLarge];
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status === HttpStatus.NOT_FOUND && /^Cannot /.test(exception.message)) return [status, Messages.apiNotFound];
    const body = exception.getResponse();
    const message = typeof body === 'string' ? body : (body as { message?: unknown }).message;
    return [status, Array.isArray(message) ? String(message[0]) : String(message ?? exception.message)];
  }
  return [HttpStatus.INTERNAL_SERVER_ERROR, 'Something went wrong on our side. Please try again.'];
}
