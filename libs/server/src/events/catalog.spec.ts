import { domainEvents, IDENTITY } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { EventNotApplicableError, newEvent, readEvent } from './catalog';
import { StoredEvent } from './event';

const resetId = '5b0c2d34-8a3e-4f6b-9c1d-2e3f4a5b6c7d';
const stored = (type: string, schemaVersion: number, data: unknown): StoredEvent => ({
  position: 7,
  streamId: `password-reset-${resetId}`,
  streamVersion: 1,
  eventId: '0e6f7a3b-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  type,
  schemaVersion,
  data,
  metadata: { userId: 3, correlationId: 'request-1', causationId: null, occurredAt: '2026-01-01T10:00:00.000Z' },
});

describe('readEvent', () => {
  it('upcasts a version 1 PasswordResetRequested to the current shape, dropping the link it carried', () => {
    const v1 = { userId: 3, email: 'ann@example.com', firstName: 'Ann', resetUrl: 'http://localhost:3000/reset-password?token=secret', expiresAt: '2026-01-01T11:00:00.000Z' };

    const event = readEvent(domainEvents[IDENTITY], stored('PasswordResetRequested', 1, v1));

    expect(event.schemaVersion).toBe(2);
    expect(event.data).toEqual({ resetId, userId: 3, email: 'ann@example.com', firstName: 'Ann', expiresAt: '2026-01-01T11:00:00.000Z' });
  });

  it('refuses an unknown type, an unknown version and data that does not match its version', () => {
    expect(() => readEvent(domainEvents[IDENTITY], stored('MealEaten', 1, {}))).toThrow(new EventNotApplicableError('No schema for event type MealEaten'));
    expect(() => readEvent(domainEvents[IDENTITY], stored('PasswordResetRequested', 3, {}))).toThrow('PasswordResetRequested version 3 is not known here (current: 2)');
    expect(() => readEvent(domainEvents[IDENTITY], stored('PasswordResetRequested', 2, { resetId }))).toThrow(/PasswordResetRequested version 2 does not match its schema: userId: Required/);
  });
});

describe('newEvent', () => {
  it('writes the current version and refuses data that does not match it', () => {
    const data = { resetId, userId: 3, email: 'ann@example.com', firstName: 'Ann', expiresAt: '2026-01-01T11:00:00.000Z' };
    expect(newEvent(domainEvents[IDENTITY], 'PasswordResetRequested', data)).toEqual({ type: 'PasswordResetRequested', schemaVersion: 2, data });
    expect(() => newEvent(domainEvents[IDENTITY], 'PasswordResetRequested', { ...data, resetId: 'not-a-uuid' })).toThrow();
  });
});
