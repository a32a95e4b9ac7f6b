import { RpcException } from '@nestjs/microservices';

/** What a service sends back when a request fails: the HTTP status the gateway answers with, and a human message. */
export interface RpcFailureBody {
  status: number;
  message: string;
}

export function rpcFailure(status: number, message: string): RpcException {
  return new RpcException({ status, message } satisfies RpcFailureBody);
}

export function isRpcFailureBody(value: unknown): value is RpcFailureBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RpcFailureBody).status === 'number' &&
    typeof (value as RpcFailureBody).message === 'string'
  );
}
