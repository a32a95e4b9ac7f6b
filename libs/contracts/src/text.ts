import { z } from 'zod';
import { Messages } from './messages';

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
