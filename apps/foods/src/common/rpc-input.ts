import { Messages } from '@fodmap/contracts';
import { rpcFailure } from '@fodmap/server';
import { ZodType, ZodTypeDef } from 'zod';

/** Validates a payload again inside the service: the gateway is not the only process that can publish on a subject. */
export function parseInput<Output>(schema: ZodType<Output, ZodTypeDef, unknown>, input: unknown): Output {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw rpcFailure(400, result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

/** The signed-in user a request is made for; everything about foods needs one. */
export function callerUserId(caller: unknown): number {
  const userId = (caller as { userId?: unknown } | null | undefined)?.userId;
  if (typeof userId !== 'number' || !Number.isSafeInteger(userId) || userId < 1) throw rpcFailure(401, Messages.unauthorized);
  return userId;
}

/** Ids are PostgreSQL integers: anything else names no food. */
export function foodId(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > 2_147_483_647) throw rpcFailure(400, Messages.foodIdInvalid);
  return value;
}
