import { z } from 'zod';

/** PostgreSQL `integer`: ids above it name no row. */
export const POSTGRES_INT_MAX = 2_147_483_647;

/** A record's id as a number: a positive whole number a row can have, else `message`. */
export const recordId = (message: string) =>
  z.number({ required_error: message, invalid_type_error: message }).int(message).min(1, message).max(POSTGRES_INT_MAX, message);

/** A record's id in a path (`/api/meals/12`): digits only, so '1e3', '0x10' and ' 7' are refused, not read as numbers. */
export const pathRecordId = (message: string) =>
  z.preprocess((value) => (typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : value), recordId(message));
