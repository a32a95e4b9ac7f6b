import { Messages } from '@fodmap/contracts';
import { rpcFailure } from '@fodmap/server';

/** Ids are PostgreSQL integers: anything else names no food. */
export function foodId(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > 2_147_483_647) throw rpcFailure(400, Messages.foodIdInvalid);
  return value;
}
