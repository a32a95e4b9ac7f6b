import { HttpException, HttpStatus, Inject, Injectable, InternalServerErrorException, Logger } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { Messages, RpcRequest, RpcResponse, RpcSubject } from '@fodmap/contracts';
import { GatewayConfig, isRpcFailureBody, rpcClientDuration, rpcRecord, SERVER_CONFIG, subject } from '@fodmap/server';
import { NatsError } from 'nats';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { RetryLaterException } from '../http/retry-later.exception';

export const SERVICES_PROXY = Symbol('SERVICES_PROXY');
/** Seconds a caller should wait before retrying after an outage: about how long a service or NATS takes to come back. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The one way the gateway asks a service something: a NATS request with a timeout, failures mapped to HTTP.
 * Nobody serving the subject, or NATS itself unreachable, is a 503; no answer in time is a 504 (the request may have
 * been applied, so a create is retried with the same Idempotency-Key). Both carry Retry-After.
 */
@Injectable()
export class ServiceClient {
  private readonly logger = new Logger(ServiceClient.name);

  /** RPC_TIMEOUT_MS: how long a request waits for its answer unless the caller says otherwise. */
  private readonly requestTimeoutMs: number;
  private readonly natsPrefix: string;
  /** CALLER_SECRET: signs the caller of each request, which the services check (caller-signature.ts). */
  private readonly callerSecret: string;

  constructor(@Inject(SERVICES_PROXY) private readonly proxy: ClientProxy, @Inject(SERVER_CONFIG) config: GatewayConfig) {
    this.requestTimeoutMs = config.rpcTimeoutMs;
    this.natsPrefix = config.natsPrefix;
    this.callerSecret = config.callerSecret;
  }

  async send<Subject extends RpcSubject>(
    pattern: Subject,
    payload: RpcRequest<Subject>,
    correlationId: string | undefined,
    timeoutMs = this.requestTimeoutMs,
  ): Promise<RpcResponse<Subject>> {
    const service = pattern.split('.')[0];
    const timer = rpcClientDuration.startTimer({ subject: pattern });
    try {
      const name = subject(pattern, this.natsPrefix);
      const answer = await firstValueFrom(this.proxy.send<RpcResponse<Subject>>(name, rpcRecord(name, payload, this.callerSecret, correlationId)).pipe(timeout(timeoutMs)));
      timer({ outcome: 'ok' });
      return answer;
    } catch (error) {
      timer({ outcome: outcomeOf(error) });
      if (isRpcFailureBody(error)) {
        if (error.retryAfterSeconds !== undefined) throw new RetryLaterException(error.status, error.message, error.retryAfterSeconds);
        throw new HttpException({ message: error.message }, error.status);
      }
      if (error instanceof TimeoutError) throw new RetryLaterException(HttpStatus.GATEWAY_TIMEOUT, Messages.serviceTimeout(service), RETRY_AFTER_SECONDS);
      if (isUnreachable(error)) {
        this.logger.warn(`${pattern}: ${describe(error)}`);
        throw new RetryLaterException(HttpStatus.SERVICE_UNAVAILABLE, Messages.serviceUnavailable(service), RETRY_AFTER_SECONDS);
      }
      this.logger.error(`${pattern} failed: ${describe(error)}`);
      throw new InternalServerErrorException('Something went wrong on our side. Please try again.');
    }
  }
}

/** The outcome label of a failed request (fodmap_rpc_client_duration_seconds). */
function outcomeOf(error: unknown): 'error' | 'timeout' | 'unavailable' {
  if (error instanceof TimeoutError) return 'timeout';
  return !isRpcFailureBody(error) && isUnreachable(error) ? 'unavailable' : 'error';
}

/**
 * How Nest's NATS client says a request could not be delivered: a subject nobody serves is 'no subscribers listening';
 * while NATS is down it rejects with the bare string 'Error: Connection lost. Trying to reconnect...'; a closed
 * connection is a NatsError.
 */
function isUnreachable(error: unknown): boolean {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return error instanceof NatsError || /no subscribers listening|connection (lost|closed|refused)/i.test(text);
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error);
}
