import { describe, it } from '@jest/globals';
import { deciderSpecification } from '@fodmap/testing';
import { accountErasureDecider } from './account-erasure.decider';

const at = new Date('2026-11-27T20:00:00.000Z');
const erased = { type: 'AccountErased' as const, data: { erasedUserId: 4, erasedAt: at.toISOString() } };

describe("an account's erasure decides", () => {
  it('announces the erasure once, naming the account by its number only', () => {
    deciderSpecification(accountErasureDecider).given([]).when({ userId: 4, at }).then([{ ...erased, schemaVersion: 1 }]);
  });

  it('decides nothing when the account was erased already: asking again answers the same', () => {
    deciderSpecification(accountErasureDecider).given([erased]).when({ userId: 4, at: new Date() }).then([]);
  });
});
