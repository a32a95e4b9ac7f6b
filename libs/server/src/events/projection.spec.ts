import { eventDefinition } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { defineProjection } from './projection';

const counted = { Counted: eventDefinition({ current: 1, versions: { 1: z.object({ n: z.number() }) } }) };
const events = { a: counted, b: counted };
const handler = async () => undefined;

describe('defineProjection', () => {
  it('refuses a projection of two sources that does not declare itself independent of their interleaving', () => {
    expect(() => defineProjection({ name: 'totals', tables: [], events, handlers: { a: { Counted: handler }, b: { Counted: handler } } })).toThrow(
      'totals handles a and b, whose events have no order between them',
    );
    expect(defineProjection({ name: 'totals', tables: [], events, handlers: { a: { Counted: handler }, b: { Counted: handler } }, orderIndependentAcrossSources: true }).name).toBe('totals');
    expect(defineProjection({ name: 'one', tables: [], events, handlers: { a: { Counted: handler } } }).name).toBe('one');
  });
});
