import { BadRequestException, PipeTransform } from '@nestjs/common';
import { ZodType, ZodTypeDef } from 'zod';

/** Validates a request body with a contracts schema; the first broken rule is the message the person sees. */
export class ZodBody<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: ZodType<T, ZodTypeDef, unknown>) {}

  transform(value: unknown): T {
    const result = this.schema.safeParse(value ?? {});
    if (!result.success) throw new BadRequestException({ message: result.error.issues[0]?.message ?? 'Invalid request' });
    return result.data;
  }
}
