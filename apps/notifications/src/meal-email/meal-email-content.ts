import { SponsorBlock } from '../advertisers/advertiser-picker';
import { DigestMeal, Recipient } from '../audience/audience-reader';
import { dayLabelOf, MealView, mealView } from '../audience/email-views';
import { localDay } from '@fodmap/contracts';

/**
 * The stored context of a meal email (in its email job). mealId and userId are for the symptom links made at send time (the resolver adds
 * `symptomLinks`, `brand` and `unsubscribeUrl`); nothing here is secret.
 */
export interface MealEmailContext {
  userId: number;
  mealId: number | null;
  host: string;
  firstName: string;
  /** Profile's test send: it shows the newest meal, which may never have been completed, so it claims no completion */
  test: boolean;
  meal: (MealView & { dayLabel: string }) | null;
  appUrl: string;
  sponsor: SponsorBlock | null;
}

export function mealEmailContext(
  recipient: Recipient,
  meal: DigestMeal | null,
  appUrl: string,
  sponsor: SponsorBlock | null,
  occasion: 'completed' | 'test',
): MealEmailContext {
  return {
    userId: recipient.userId,
    mealId: meal?.mealId ?? null,
    host: recipient.host,
    firstName: recipient.firstName,
    test: occasion === 'test',
    meal: meal ? { ...mealView(meal, meal.timeZone), dayLabel: dayLabelOf(localDay(meal.eatenAt, meal.timeZone)) } : null,
    appUrl,
    sponsor,
  };
}
