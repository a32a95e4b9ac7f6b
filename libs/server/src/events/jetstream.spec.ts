import { describe, expect, it } from '@jest/globals';
import { eventSubject, isSourceSubject, ownerSubjectFilter, sourceSubjectFilter } from './jetstream';

describe('event subjects', () => {
  it('names a service’s events under the run’s prefix, and filters them by service', () => {
    expect(eventSubject('run1', 'journal', 'MealCreated', { mealId: 4 })).toBe('run1.events.journal.MealCreated._');
    expect(sourceSubjectFilter('run1', 'journal')).toBe('run1.events.journal.>');
  });

  it('ends with the person the event is about, which an erasure purges by', () => {
    expect(eventSubject('run1', 'journal', 'MealCreated', { userId: 42, name: 'x' })).toBe('run1.events.journal.MealCreated.u42');
    expect(eventSubject('run1', 'identity', 'AccountErased', { erasedUserId: 42 })).toBe('run1.events.identity.AccountErased._');
    expect(eventSubject('run1', 'identity', 'X', { userId: '42' })).toBe('run1.events.identity.X._');
    expect(ownerSubjectFilter('run1', 'journal', 42)).toBe('run1.events.journal.*.u42');
  });

  it('tells a service’s event subject from another service’s or another run’s', () => {
    expect(isSourceSubject('run1', 'journal', 'run1.events.journal.MealCreated')).toBe(true);
    expect(isSourceSubject('run1', 'journal', 'run1.events.journals.MealCreated')).toBe(false);
    expect(isSourceSubject('run1', 'journal', 'run1.events.identity.UserRegistered')).toBe(false);
    expect(isSourceSubject('run1', 'journal', 'run2.events.journal.MealCreated')).toBe(false);
  });
});
