import { GatewayTimeoutException, HttpException, Inject, Injectable, InternalServerErrorException, Logger } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { Messages, RpcRequest, RpcResponse, RpcSubject } from '@fodmap/contracts';
import { correlated, isRpcFailureBody, subject } from '@fodmap/server';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';

export const SERVICES_PROXY = Symbol('SERVICES_PROXY');
const REQUEST_TIMEOUT_MS = Number(process.env.RPC_TIMEOUT_MS ?? 5000);

/** The one way the gateway asks a service something: a NATS request with a timeout, failures mapped to HTTP. */
@Injectable()
export class ServiceClient {
  private readonly logger = new Logger(ServiceClient.name);

  constructor(@Inject(SERVICES_PROXY) private readonly proxy: ClientProxy) {}

  async send<Subject extends RpcSubject>(pattern: Subject, payload: RpcRequest<Subject>, timeoutMs = REQUEST_TIMEOUT_MS): Promise<RpcResponse<Subject>> {
    const service = pattern.split('.')[0];
    try {
      return await firstValueFrom(this.proxy.send<RpcResponse<Subject>>(subject(pattern), correlated(payload)).pipe(timeout(timeoutMs)));
    } catch (error) {
      if (isRpcFailureBody(error)) throw new HttpException({ message: error.message }, error.status);
      if (error instanceof TimeoutError || isNoResponders(error)) throw new GatewayTimeoutException(Messages.serviceTimeout(service));
      this.logger.error(`${pattern} failed: ${describe(error)}`);
      throw new InternalServerErrorException('Something went wrong on our side. Please try again.');
    }
  }
}

/** Nest's NATS client reports a subject nobody serves as this error: the service is down, so the caller gets a 504. */
function isNoResponders(error: unknown): boolean {
  return error instanceof Error && error.message.includes('no subscribers listening');
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return JSON.stringify(error);
}
