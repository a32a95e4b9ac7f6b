import { describe, expect, it } from '@jest/globals';
import { CALLER_SIGNATURE_MAX_AGE_MS, callerSignatureValid, signCaller } from './caller-signature';

const SECRET = 'caller-secret-of-this-deployment';
const SUBJECT = 'fodmap.journal.meal.list';
const ann = { userId: 7, timeZone: 'Europe/London' };

describe('caller signatures', () => {
  it('accepts the signature of this subject and caller, made within the minute', () => {
    const now = Date.now();
    expect(callerSignatureValid(SECRET, SUBJECT, ann, signCaller(SECRET, SUBJECT, ann, now - CALLER_SIGNATURE_MAX_AGE_MS + 1000), now)).toBe(true);
  });

  it('refuses it for another caller, another subject, another secret, when stale or from the future, and a missing one', () => {
    const now = Date.now();
    const signature = signCaller(SECRET, SUBJECT, ann, now);
    expect(callerSignatureValid(SECRET, SUBJECT, { ...ann, userId: 8 }, signature, now)).toBe(false);
    expect(callerSignatureValid(SECRET, 'fodmap.journal.meal.delete', ann, signature, now)).toBe(false);
    expect(callerSignatureValid('another-secret', SUBJECT, ann, signature, now)).toBe(false);
    expect(callerSignatureValid(SECRET, SUBJECT, ann, signature, now + CALLER_SIGNATURE_MAX_AGE_MS + 1)).toBe(false);
    expect(callerSignatureValid(SECRET, SUBJECT, ann, signCaller(SECRET, SUBJECT, ann, now + CALLER_SIGNATURE_MAX_AGE_MS + 1), now)).toBe(false);
    expect(callerSignatureValid(SECRET, SUBJECT, ann, undefined, now)).toBe(false);
    expect(callerSignatureValid(SECRET, SUBJECT, ann, `${now}.not-hex`, now)).toBe(false);
  });
});
