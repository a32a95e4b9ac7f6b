import { z } from 'zod';
import type { User } from '../auth/user';
import type { Food } from '../foods/food';
import type { Meal } from '../meals/meal';
import type { SubscriptionStatus } from '../subscription/subscription';
import type { Symptom } from '../symptoms/symptom';

/** An email the product sent the person: what and when, as the notifications service recorded it. */
export interface SentEmailRecord {
  kind: string;
  /** null for an email sent before issue 20, when subjects were not kept */
  subject: string | null;
  sentAt: string;
}

/**
 * Where the previous page of an export ended: the last row's instant (to the microsecond) and id. The gateway pulls a
 * person's history a page at a time, oldest first, so that no NATS message grows with the years (1 MB payload limit).
 */
export const exportCursorSchema = z.object({ at: z.string().datetime({ message: 'cursor is not one an export page gave' }), id: z.string().min(1).max(100) }).strict();
export type ExportCursor = z.infer<typeof exportCursorSchema>;

/** One page of an export: `next` (where the following page starts) is null on the last one. */
export interface ExportPage<T, Cursor = ExportCursor> {
  items: T[];
  next: Cursor | null;
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
