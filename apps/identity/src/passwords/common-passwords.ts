import { AccountMessages } from '@fodmap/contracts';
import { rpcFailure } from '@fodmap/server';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The published list of common passwords that zxcvbn-ts ships (MIT; about 49,000 of the most frequent passwords of
 * breach corpora, all lowercase). Loaded in identity only: the web bundle never carries it.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common']);

/** Whether a password is on the list, whatever its letters' case ('Password1' is 'password1'). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** The one rule of registration, reset and change: a password on the list is refused with 400. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw rpcFailure(400, AccountMessages.commonPassword);
}
