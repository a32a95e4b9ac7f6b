import { describe, expect, it } from '@jest/globals';
import { eventSubject, isSourceSubject, sourceSubjectFilter } from './jetstream';

describe('event subjects', () => {
  it('names a service’s events under the run’s prefix, and filters them by service', () => {
    expect(eventSubject('run1', 'journal', 'MealCreated')).toBe('run1.events.journal.MealCreated');
    expect(sourceSubjectFilter('run1', 'journal')).toBe('run1.events.journal.>');
  });

  it('tells a service’s event subject from another service’s or another run’s', () => {
    expect(isSourceSubject('run1', 'journal', 'run1.events.journal.MealCreated')).toBe(true);
    expect(isSourceSubject('run1', 'journal', 'run1.events.journals.MealCreated')).toBe(false);
    expect(isSourceSubject('run1', 'journal', 'run1.events.identity.UserRegistered')).toBe(false);
    expect(isSourceSubject('run1', 'journal', 'run2.events.journal.MealCreated')).toBe(false);
  });
});
