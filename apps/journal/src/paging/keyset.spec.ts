import { describe, expect, it } from '@jest/globals';
import { pageCursorInvalid } from '@fodmap/contracts';
import { RpcException } from '@nestjs/microservices';
import { decodeCursor, encodeCursor, keysetParams } from './keyset';

const refused = (cursor: string) => {
  try {
    decodeCursor(cursor);
  } catch (error) {
    return (error as RpcException).getError();
  }
  throw new Error(`${cursor} was read`);
};

describe('a list cursor', () => {
  it('names the position it was given, to the microsecond', () => {
    const position = { at: '2025-04-01T08:00:00.000500Z', id: '42' };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  it('still reads one given to the millisecond', () => {
    const position = { at: '2025-04-01T08:00:00.123Z', id: '7' };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  it('is refused with 400 when tampered, truncated or not ours', () => {
    const good = encodeCursor({ at: '2025-04-01T08:00:00.000Z', id: '42' });
    for (const cursor of [good.slice(0, -2), `${good}=`, Buffer.from('2025-13-45T99:00:00.000Z|1').toString('base64url'), Buffer.from('2025-04-01T08:00:00.000Z|0').toString('base64url'), 'not a cursor']) {
      expect(refused(cursor)).toEqual({ status: 400, message: pageCursorInvalid });
    }
  });
});

describe('keysetParams', () => {
  it('starts from the very end a page reads from when there is no cursor', () => {
    expect(keysetParams(5, 'newest', null, 100)).toEqual([5, 'infinity', '0', 100]);
    expect(keysetParams(5, 'oldest', null, 100)).toEqual([5, '-infinity', '0', 100]);
    expect(keysetParams(5, 'oldest', { at: '2025-04-01T08:00:00.000500Z', id: '9' }, 3)).toEqual([5, '2025-04-01T08:00:00.000500Z', '9', 3]);
  });
});
