import { CorrelationEntry, correlationLabelOf } from '@fodmap/contracts';
import { SponsorBlock } from '../advertisers/advertiser-picker';
import { DigestMeal, DigestSymptom } from '../audience/audience-reader';
import { dayLabelOf, DayScoreView, dayScoreView, MealView, mealView, SymptomView, symptomView } from '../audience/email-views';

/** The stored context of a daily summary (in its email job): everything worded, nothing secret (brand and unsubscribeUrl come at send time). */
export interface DailySummaryContext {
  userId: number;
  host: string;
  firstName: string;
  day: string;
  dayLabel: string;
  /** 'Yesterday' for the scheduled summary, 'Today so far' for Profile's test send */
  period: string;
  headline: string;
  /** null when none of the day's foods is rated */
  dayScore: DayScoreView | null;
  meals: MealView[];
  symptoms: SymptomView[];
  topCorrelation: { foodName: string; riskLabel: string; recommendation: string; rate: string; symptomsAfter: number; totalMeals: number } | null;
  appUrl: string;
  sponsor: SponsorBlock | null;
}

export interface SummaryInput {
  recipient: { userId: number; firstName: string; host: string; timeZone: string };
  day: string;
  period: string;
  meals: DigestMeal[];
  symptoms: DigestSymptom[];
  top: CorrelationEntry | null;
  appUrl: string;
  sponsor: SponsorBlock | null;
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function dailySummaryContext({ recipient, day, period, meals, symptoms, top, appUrl, sponsor }: SummaryInput): DailySummaryContext {
  const label = top?.riskLabel ? correlationLabelOf(top.correlationRate) : null;
  return {
    userId: recipient.userId,
    host: recipient.host,
    firstName: recipient.firstName,
    day,
    dayLabel: dayLabelOf(day),
    period,
    headline:
      meals.length + symptoms.length === 0
        ? 'Nothing logged yet. Log a meal or a symptom in the app and it will show here.'
        : `${count(meals.length, 'meal')} and ${count(symptoms.length, 'symptom')} logged.`,
    dayScore: dayScoreView(meals),
    meals: meals.map((meal) => mealView(meal, recipient.timeZone)),
    symptoms: symptoms.map((symptom) => symptomView(symptom, recipient.timeZone)),
    topCorrelation:
      top && top.riskLabel && label
        ? {
            foodName: top.foodName,
            riskLabel: top.riskLabel,
            recommendation: label.recommendation,
            rate: `${Math.round(top.correlationRate * 100)}%`,
            symptomsAfter: top.symptomsAfter,
            totalMeals: top.totalMeals,
          }
        : null,
    appUrl,
    sponsor,
  };
}
