import { describe, expect, it } from '@jest/globals';
import { AccountMessages } from '@fodmap/contracts';
import { isCommonPassword, refuseCommonPassword } from './common-passwords';

describe('common passwords', () => {
  it('finds the breach lists’ favourites whatever the case, including ones that pass the reset rules', () => {
    for (const password of ['password1', 'Password1', 'QWERTY123', 'iloveyou1', 'P@ssw0rd', 'Pa$$w0rd']) expect(isCommonPassword(password)).toBe(true);
  });

  it('lets an uncommon password through', () => {
    for (const password of ['Correct-Horse-9', 'Battery-Staple-7!', 'fodmap journal lentils']) expect(isCommonPassword(password)).toBe(false);
  });

  it('refuses a common one with 400 and the message a person reads', () => {
    expect(() => refuseCommonPassword('Password123')).toThrow(expect.objectContaining({ error: { status: 400, message: AccountMessages.commonPassword } }));
    expect(() => refuseCommonPassword('Correct-Horse-9')).not.toThrow();
  });
});
