import { Messages, RpcRequest, RpcResponse, RpcSubject } from '@fodmap/contracts';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ClientProxy, ClientProxyFactory, RpcException, Transport } from '@nestjs/microservices';
import { NatsError } from 'nats';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { SERVER_CONFIG, ServerConfig } from './config';
import { rpcRecord } from './caller-signature';
import { currentCausation } from './events/correlation';
import { rpcClientDuration } from './observability/metrics';
import { isRpcFailureBody, RpcFailureBody, rpcFailure } from './rpc';
import { subject } from './subjects';

/** Shorter than the gateway's 5 s, so that a slow peer is this service's clear 504 rather than the gateway's guess. */
export const SERVICE_REQUEST_TIMEOUT_MS = 3_000;

export const SERVICE_REQUEST_PROXY = Symbol('SERVICE_REQUEST_PROXY');

/** A NATS client for requests to other services; Nest's client connects on the first request, so an unused one costs nothing. */
export function serviceRequestProxy(config: ServerConfig, service: string): ClientProxy {
  return ClientProxyFactory.create({ transport: Transport.NATS, options: { ...config.nats, name: `${service}-requests` } });
}

/** The failure a request ended with, when it is one a service (or this requester) answers with. */
export function rpcFailureOf(error: unknown): RpcFailureBody | null {
  const body = error instanceof RpcException ? error.getError() : error;
  return isRpcFailureBody(body) ? body : null;
}

/**
 * The one way a service asks another service something, typed from `RpcContracts`: the run's subject prefix, the
 * current correlation id as a header and the caller signed (as the gateway sends them), and a timeout. The other service's `{ status, message }`
 * passes through as this service's own failure (its 404 'Food not found' is the caller's 404); no answer in time is a
 * 504, nobody serving the subject or NATS unreachable a 503.
 */
@Injectable()
export class ServiceRequester implements OnApplicationShutdown {
  private readonly logger = new Logger(ServiceRequester.name);

  constructor(
    @Inject(SERVICE_REQUEST_PROXY) private readonly proxy: ClientProxy,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async send<Subject extends RpcSubject>(
    pattern: Subject,
    payload: RpcRequest<Subject>,
    options: { correlationId?: string | null; timeoutMs?: number } = {},
  ): Promise<RpcResponse<Subject>> {
    const service = pattern.split('.')[0];
    const correlationId = options.correlationId ?? currentCausation()?.correlationId;
    const timer = rpcClientDuration.startTimer({ subject: pattern });
    try {
      const name = subject(pattern, this.config.natsPrefix);
      const reply = this.proxy.send<RpcResponse<Subject>>(name, rpcRecord(name, payload, this.config.callerSecret, correlationId));
      const answer = await firstValueFrom(reply.pipe(timeout(options.timeoutMs ?? SERVICE_REQUEST_TIMEOUT_MS)));
      timer({ outcome: 'ok' });
      return answer;
    } catch (error) {
      timer({ outcome: error instanceof TimeoutError ? 'timeout' : !isRpcFailureBody(error) && isNatsUnreachable(error) ? 'unavailable' : 'error' });
      if (isRpcFailureBody(error)) throw rpcFailure(error.status, error.message);
      if (error instanceof TimeoutError) throw rpcFailure(504, Messages.serviceTimeout(service));
      if (isNatsUnreachable(error)) {
        this.logger.warn(`${pattern}: ${describe(error)}`);
        throw rpcFailure(503, Messages.serviceUnavailable(service));
      }
      throw error;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.proxy.close();
  }
}

/** Nest's NATS client: 'no subscribers listening' for a subject nobody serves, a bare string or NatsError while NATS is down. */
export function isNatsUnreachable(error: unknown): boolean {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return error instanceof NatsError || /no subscribers listening|connection (lost|closed|refused)/i.test(text);
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error);
}
