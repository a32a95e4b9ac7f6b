import { Messages } from '@fodmap/contracts';
import { RpcException } from '@nestjs/microservices';
import { ZodType, ZodTypeDef } from 'zod';

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

/** Validates a payload again inside the service: the gateway is not the only process that can publish on a subject. */
export function parseInput<Output>(schema: ZodType<Output, ZodTypeDef, unknown>, input: unknown): Output {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw rpcFailure(400, result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

/** The signed-in user a request is made for; without one the request is unauthorised. */
export function callerUserId(caller: unknown): number {
  const userId = (caller as { userId?: unknown } | null | undefined)?.userId;
  if (typeof userId !== 'number' || !Number.isSafeInteger(userId) || userId < 1) throw rpcFailure(401, Messages.unauthorized);
  return userId;
}
