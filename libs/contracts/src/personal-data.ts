import { z } from 'zod';

/** The schemas of fields marked personal: the one record of which event fields carry a person's data. */
const personalSchemas = new WeakSet<z.ZodTypeAny>();

/**
 * Marks a field of an event schema as a person's data (what they wrote, who they are, their health): the fields that
 * an export gathers and an erasure encrypts or removes, listed by `personalFieldPaths`. Returns the schema itself, so
 * the field keeps its type, and a schema that extends this one keeps the mark.
 */
export function personal<T extends z.ZodTypeAny>(schema: T): T {
  personalSchemas.add(schema);
  return schema;
}

/** The schema inside an optional, nullable or defaulted one: the mark may be on either side of those. */
function inner(schema: z.ZodTypeAny): z.ZodTypeAny | null {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return schema.unwrap();
  if (schema instanceof z.ZodDefault) return schema.removeDefault();
  return null;
}

/** The dotted paths of the personal fields of a schema, nested objects included; `[]` stands for each item of an array. */
export function personalFieldPaths(schema: z.ZodTypeAny, path = ''): string[] {
  if (personalSchemas.has(schema)) return [path];
  const unwrapped = inner(schema);
  if (unwrapped) return personalFieldPaths(unwrapped, path);
  if (schema instanceof z.ZodObject) {
    return Object.entries<z.ZodTypeAny>(schema.shape).flatMap(([key, field]) => personalFieldPaths(field, path === '' ? key : `${path}.${key}`));
  }
  if (schema instanceof z.ZodArray) return personalFieldPaths(schema.element, `${path}[]`);
  return [];
}
