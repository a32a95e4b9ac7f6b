import { Messages, Rpc } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { parseRequest } from './rpc';

/** The failure body a handler's caller would receive, or the parsed request. */
function outcome(run: () => unknown): unknown {
  try {
    return { parsed: run() };
  } catch (error) {
    return { failure: (error as { getError(): unknown }).getError() };
  }
}

const caller = { userId: 7, timeZone: 'Europe/London' };
const meal = { mealType: 'lunch', name: ' Soup ', timestamp: '2025-03-10T12:00:00+01:00' };

describe('parseRequest', () => {
  it("returns the request as the subject's schema outputs it", () => {
    expect(outcome(() => parseRequest(Rpc.journal.createMeal, { caller, input: meal }))).toEqual({
      parsed: { caller, input: { mealType: 'lunch', name: 'Soup', timestamp: '2025-03-10T11:00:00.000Z' } },
    });
  });

  it.each([
    ['no payload', null],
    ['no caller', { input: meal }],
    ['a caller without userId', { caller: { timeZone: 'UTC' }, input: meal }],
    ['a string userId', { caller: { userId: '7', timeZone: 'UTC' }, input: meal }],
    ['a negative userId', { caller: { userId: -7, timeZone: 'UTC' }, input: meal }],
    ['a fractional userId', { caller: { userId: 7.5, timeZone: 'UTC' }, input: meal }],
  ])('answers 401 to %s', (_case, payload) => {
    expect(outcome(() => parseRequest(Rpc.journal.createMeal, payload))).toEqual({ failure: { status: 401, message: Messages.unauthorized } });
  });

  it('answers 401 before 400 when both the caller and the input are wrong', () => {
    expect(outcome(() => parseRequest(Rpc.journal.createMeal, { input: { name: '' } }))).toEqual({ failure: { status: 401, message: Messages.unauthorized } });
  });

  it("answers 400 with the input's first problem, in the spec's words", () => {
    expect(outcome(() => parseRequest(Rpc.journal.createMeal, { caller, input: { ...meal, name: ' ' } }))).toEqual({ failure: { status: 400, message: Messages.mealNameRequired } });
  });

  it('answers 400 to a caller whose time zone is unknown: the caller is who it says, the gateway sent a bad zone', () => {
    expect(outcome(() => parseRequest(Rpc.journal.createMeal, { caller: { userId: 7, timeZone: 'Mars/Olympus' }, input: meal }))).toEqual({
      failure: { status: 400, message: Messages.invalidTimeZone },
    });
  });

  it('names a missing part of the request that has no message of its own', () => {
    expect(outcome(() => parseRequest(Rpc.journal.createMeal, { caller }))).toEqual({ failure: { status: 400, message: 'input is required' } });
  });

  it('refuses a NUL byte in free text with a 400 rather than letting PostgreSQL fail', () => {
    expect(outcome(() => parseRequest(Rpc.foods.quickAdd, { caller, input: { name: 'Soup\u0000', fodmapRating: 'low' } }))).toEqual({
      failure: { status: 400, message: Messages.textUnstorable('Food name') },
    });
  });
});
