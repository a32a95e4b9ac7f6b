import { AccountMessages, Messages } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { fold } from '@fodmap/server';
import { deciderSpecification } from '@fodmap/testing';
import { userDecider, UserSettings } from './user.decider';

const row: UserSettings = { id: 4, email: 'ann@example.com', firstName: 'Ann', host: 'default', emailVerifiedAt: null, emailNotifications: null, mealNotifications: null, condition: null, dietPhase: null, timeZone: 'Europe/London', onboarding: 'pending' };

/** A state-stored decider starts from the row: given no events, the row is the state. */
const decided = (state: UserSettings, command: Parameters<typeof userDecider.decide>[0]) => userDecider.decide(command, state);

describe("a person's settings decide", () => {
  it('records the email choices as they then stand, with spec §3 defaults for those never chosen', () => {
    expect(decided(row, { type: 'ChangePreferences', preferences: { mealNotifications: true } })).toEqual([
      { type: 'NotificationPreferencesChanged', schemaVersion: 1, data: { userId: 4, emailNotifications: true, mealNotifications: true } },
    ]);
    expect(decided({ ...row, emailNotifications: false }, { type: 'ChangePreferences', preferences: {} })).toMatchObject([{ data: { emailNotifications: false, mealNotifications: false } }]);
  });

  it('records all answers as they stand, and keeps a first-run question answered once answered', () => {
    const answered = { ...row, condition: 'ibs', onboarding: 'answered' } as const;

    expect(decided(answered, { type: 'ChangeProfile', change: { dietPhase: 'elimination', onboarding: 'skipped' } })).toEqual([
      { type: 'UserProfileChanged', schemaVersion: 1, data: { userId: 4, condition: 'ibs', dietPhase: 'elimination', timeZone: 'Europe/London', onboarding: 'answered' } },
    ]);
  });

  it('evolves the row from its events, which is what is written back', () => {
    const events = [
      ...decided(row, { type: 'ChangePreferences', preferences: { emailNotifications: false } }),
      ...decided(row, { type: 'ChangeProfile', change: { timeZone: 'Asia/Tokyo', onboarding: 'skipped' } }),
    ];

    expect(fold(userDecider, events, row)).toEqual({ ...row, emailNotifications: false, mealNotifications: false, timeZone: 'Asia/Tokyo', onboarding: 'skipped' });
  });

  it('registers a person on their empty stream, whose settings then start unanswered in their zone', () => {
    const user = { userId: 4, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', timeZone: 'Europe/London', host: 'default' };
    const verificationId = '4b0c1a5e-8d3f-4f7e-9b2a-0c1d2e3f4a5b';
    const registered = userDecider.decide({ type: 'Register', user, verificationId }, null);

    expect(registered).toEqual([
      { type: 'UserRegistered', schemaVersion: 2, data: user },
      { type: 'EmailVerificationRequested', schemaVersion: 1, data: { verificationId, userId: 4, email: 'ann@example.com', firstName: 'Ann', host: 'default' } },
    ]);
    expect(fold(userDecider, registered)).toEqual(row);
    deciderSpecification(userDecider).given(registered).when({ type: 'Register', user, verificationId }).thenFails('user-4 registered already');
  });

  it('proves the address once: a second proof records nothing, and a proven address is sent no more confirmation emails', () => {
    const verifiedAt = new Date('2026-11-27T20:00:00.000Z');
    const verified = decided(row, { type: 'Verify', verifiedAt });

    expect(verified).toEqual([{ type: 'EmailVerified', schemaVersion: 1, data: { userId: 4, verifiedAt: '2026-11-27T20:00:00.000Z' } }]);
    const proven = fold(userDecider, verified, row);
    expect(proven).toEqual({ ...row, emailVerifiedAt: verifiedAt });
    expect(decided(proven, { type: 'Verify', verifiedAt: new Date() })).toEqual([]);
    const user = { userId: 4, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', timeZone: 'Europe/London', host: 'default' };
    deciderSpecification(userDecider)
      .given([{ type: 'UserRegistered', schemaVersion: 2, data: user }, ...verified])
      .when({ type: 'RequestVerification', verificationId: '4b0c1a5e-8d3f-4f7e-9b2a-0c1d2e3f4a5b' })
      .thenFails({ status: 409, message: AccountMessages.verifyEmailAlready });
  });

  it('answers 401 for a person whose row is gone', () => {
    deciderSpecification(userDecider).given([]).when({ type: 'ChangePreferences', preferences: {} }).thenFails({ status: 401, message: Messages.unauthorized });
  });
});
