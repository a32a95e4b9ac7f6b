import type { User } from '../auth/user';
import type { Food } from '../foods/food';
import type { Meal } from '../meals/meal';
import type { SubscriptionStatus } from '../subscription/subscription';
import type { Symptom } from '../symptoms/symptom';

/** An email the product sent the person: what and when, as the notifications service recorded it. */
export interface SentEmailRecord {
  kind: string;
  subject: string;
  sentAt: string;
}

/**
 * `GET /api/account/export`: everything the product holds about the caller (issue 20 §2), in one JSON document.
 * `?format=csv` answers a zip of `meals.csv`, `meal-foods.csv` and `symptoms.csv` built from the same data.
 */
export interface AccountExport {
  exportedAt: string;
  account: User;
  subscription: SubscriptionStatus;
  /** oldest first, each with its foods as eaten and its symptoms */
  meals: Meal[];
  /** oldest first */
  symptoms: Symptom[];
  privateFoods: Food[];
  emails: SentEmailRecord[];
}
