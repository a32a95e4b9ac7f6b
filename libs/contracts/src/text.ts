import { z } from 'zod';
import { Messages } from './messages';

/** The longest value each free-text field takes, in UTF-16 code units (what `String.length` and `maxLength` count). */
export const NAME_MAX_LENGTH = 100;
/** RFC 5321: a forward path holds at most 254 characters of address. */
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase; bounds the deliberately slow hash a single request can ask for. */
export const PASSWORD_MAX_LENGTH = 128;
/** A meal's default name joins two food names ('X & Y'), so it may be longer than one name. */
export const MEAL_NAME_MAX_LENGTH = 200;
export const NOTES_MAX_LENGTH = 2000;
export const FOOD_NAME_MAX_LENGTH = NAME_MAX_LENGTH;
export const FOOD_DESCRIPTION_MAX_LENGTH = 500;
/** A serving's text, e.g. '1 cup, chopped (160 g)'. */
export const SERVING_SIZE_MAX_LENGTH = 100;
/** The longest IANA zone name is 32 characters. */
export const TIME_ZONE_MAX_LENGTH = 64;
/** A reset token is 43 characters of base64url; anything much longer is not one of ours. */
export const RESET_TOKEN_MAX_LENGTH = 256;
export const URL_MAX_LENGTH = 2048;
/** DNS: a host name is at most 253 characters. */
export const HOST_MAX_LENGTH = 253;

/** Whole strings of well-formed UTF-16 without NUL: PostgreSQL rejects NUL and unpaired surrogates in text. */
// eslint-disable-next-line no-control-regex -- NUL is one of the characters this refuses
const STORABLE = /^(?:[^\u0000\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

export interface TextOptions {
  /** Makes the field non-empty (after trimming) and is the message for a missing, empty or non-string value. */
  required?: string;
  /** Whitespace at either end is dropped unless false (passwords keep theirs). */
  trim?: boolean;
}

/**
 * The one schema of a free-text field: at most `max` characters and storable, each broken rule named in a message
 * that starts with the field's label, e.g. 'Meal name must be at most 200 characters'.
 */
export function text(label: string, max: number, { required, trim = true }: TextOptions = {}): z.ZodString {
  const invalid = required ?? Messages.textInvalid(label);
  const base = z.string({ required_error: invalid, invalid_type_error: invalid });
  const trimmed = trim ? base.trim() : base;
  const present = required ? trimmed.min(1, required) : trimmed;
  return present.max(max, Messages.textTooLong(label, max)).regex(STORABLE, Messages.textUnstorable(label));
}
