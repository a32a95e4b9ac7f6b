import { z } from 'zod';
import { Messages } from './messages';

/** The header a create may carry (lower case, as Node names request headers); the gateway passes it to the service. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** An `Idempotency-Key`: 1 to 128 visible ASCII characters, checked by the service that holds it. */
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,128}$/;

export const idempotencyKeySchema = z
  .string({ invalid_type_error: Messages.idempotencyKeyInvalid })
  .regex(IDEMPOTENCY_KEY_PATTERN, Messages.idempotencyKeyInvalid);
