import { HttpException } from '@nestjs/common';
import { ClientProxy, NatsRecord } from '@nestjs/microservices';
import { Messages } from '@fodmap/contracts';
import { CORRELATION_HEADER, loadGatewayConfig } from '@fodmap/server';
import { NEVER, Observable, of, throwError } from 'rxjs';
import { describe, expect, it } from '@jest/globals';
import { RetryLaterException } from '../http/retry-later.exception';
import { ServiceClient } from './service-client';

function clientAnswering(answer: () => Observable<unknown>): ServiceClient {
  return new ServiceClient({ send: answer } as unknown as ClientProxy, loadGatewayConfig({}));
}

async function failureOf(client: ServiceClient, timeoutMs?: number): Promise<HttpException> {
  const error = await client.send('journal.meal.create', {} as never, undefined, timeoutMs).catch((caught: unknown) => caught);
  if (!(error instanceof HttpException)) throw new Error(`expected an HttpException, got ${String(error)}`);
  return error;
}

describe('ServiceClient outage mapping', () => {
  it('answers 503 with Retry-After while NATS is reconnecting (Nest rejects with a bare string)', async () => {
    const error = await failureOf(clientAnswering(() => throwError(() => 'Error: Connection lost. Trying to reconnect...')));
    expect(error.getStatus()).toBe(503);
    expect(error).toBeInstanceOf(RetryLaterException);
    expect((error as RetryLaterException).retryAfterSeconds).toBeGreaterThan(0);
    expect(error.getResponse()).toEqual({ message: Messages.serviceUnavailable('journal') });
  });

  it('answers 504 with Retry-After when the service does not answer in time', async () => {
    const error = await failureOf(clientAnswering(() => NEVER), 20);
    expect(error.getStatus()).toBe(504);
    expect(error).toBeInstanceOf(RetryLaterException);
  });

  it('passes a service failure through with its own status and message', async () => {
    const error = await failureOf(clientAnswering(() => throwError(() => ({ status: 404, message: Messages.mealNotFound }))));
    expect(error.getStatus()).toBe(404);
    expect(error.getResponse()).toEqual({ message: Messages.mealNotFound });
  });
});

describe('ServiceClient correlation', () => {
  it("sends the request's correlation id as the NATS header the services read", async () => {
    const sent: unknown[] = [];
    const client = new ServiceClient({ send: (_subject: string, payload: unknown) => (sent.push(payload), of({ ok: true })) } as unknown as ClientProxy, loadGatewayConfig({}));
    await client.send('identity.domain-config.get', { host: null }, 'req-42');
    const record = sent[0] as NatsRecord;
    expect(record.data).toEqual({ host: null });
    expect(record.headers?.get(CORRELATION_HEADER)).toBe('req-42');
  });
});
