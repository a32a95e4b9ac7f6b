import type { ZodError } from 'zod';

/** A form's messages per field from a failed parse: the first broken rule of each field, as the schema words it. */
export function fieldErrors<Field extends string>(error: ZodError): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}
