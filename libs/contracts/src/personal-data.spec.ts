import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { domainEvents, personalFieldsOf } from './events';
import { personal, personalFieldPaths } from './personal-data';

describe("an event's personal fields", () => {
  it('lists, for every event type of every source, the fields that carry a person’s data', () => {
    const listed = Object.fromEntries(
      Object.entries(domainEvents).map(([source, definitions]) => [
        source,
        Object.fromEntries(Object.entries(definitions).map(([type, definition]) => [type, personalFieldsOf(definition)])),
      ]),
    );

    expect(listed).toEqual({
      journal: {
        MealCreated: ['name', 'notes'],
        MealFoodAdded: [],
        MealFoodRemoved: [],
        MealCompleted: [],
        MealDeleted: [],
        MealChanged: ['name', 'notes'],
        MealFoodChanged: [],
        SymptomLogged: ['notes'],
        SymptomChanged: ['notes'],
        SymptomDeleted: [],
      },
      identity: {
        PasswordResetRequested: ['email', 'firstName'],
        UserRegistered: ['email', 'firstName', 'lastName'],
        NotificationPreferencesChanged: [],
        UserProfileChanged: ['condition', 'dietPhase'],
        SubscriptionChanged: [],
        AdminUserChanged: ['email', 'firstName', 'lastName'],
        AdminUserRemoved: [],
        EmailVerificationRequested: ['email', 'firstName'],
        EmailVerified: [],
        // The announcement names the erased account by its number only.
        AccountErased: [],
      },
      foods: {
        FoodCreated: ['name', 'description'],
        FoodResearchRequested: ['query'],
        FoodResearchCompleted: ['query', 'foodName'],
      },
    });
  });

  it('reads the fields of an older version too, which an erasure must reach in events stored before the current one', () => {
    expect(personalFieldsOf(domainEvents.identity.UserRegistered, 1)).toEqual(['email', 'firstName', 'lastName']);
    expect(personalFieldsOf(domainEvents.identity.PasswordResetRequested, 1)).toEqual(['email', 'firstName']);
    expect(() => personalFieldsOf(domainEvents.identity.UserRegistered, 3)).toThrow('Version 3 is not one of this event');
  });

  it('finds a mark inside optional, nullable, nested and array fields, and only there', () => {
    const schema = z.object({
      id: z.number(),
      note: personal(z.string()).nullable().optional(),
      author: z.object({ email: personal(z.string()), role: z.string() }),
      replies: z.array(z.object({ text: personal(z.string()), at: z.string() })),
      tags: z.array(personal(z.string())),
    });

    expect(personalFieldPaths(schema)).toEqual(['note', 'author.email', 'replies[].text', 'tags[]']);
    expect(personalFieldPaths(z.object({ id: z.number(), name: z.string() }))).toEqual([]);
  });
});
