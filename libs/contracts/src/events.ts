/**
 * Domain events: past-tense facts, never changed once published; a new shape is a new schemaVersion.
 * JetStream subject: `<prefix>.events.<producing service>.<type>`.
 */
export interface MealCreatedV1 {
  mealId: number;
  userId: number;
  name: string;
  mealType: string;
  timestamp: string;
  /** The user's IANA time zone when the meal was logged, so consumers can place it on the user's own day. */
  timeZone: string;
  notes: string | null;
}

export interface PasswordResetRequestedV1 {
  userId: number;
  email: string;
  firstName: string;
  /** Single-use and valid for one hour; only its hash is kept by identity. */
  resetUrl: string;
  expiresAt: string;
}

export interface UserRegisteredV1 {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  timeZone: string;
}

export const EventTypes = {
  MealCreated: 'MealCreated',
  PasswordResetRequested: 'PasswordResetRequested',
  UserRegistered: 'UserRegistered',
  FoodCreated: 'FoodCreated',
} as const;

/** A person created a private food (stream `food-<foodId>`); only its creator can see or log it. */
export interface FoodCreatedV1 {
  foodId: number;
  userId: number;
  name: string;
  description: string | null;
  servingSize: string | null;
  fodmapRating: 'low' | 'medium' | 'high';
  foodType: string;
  createdAt: string;
}
