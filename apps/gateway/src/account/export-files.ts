import { AccountExport, FODMAP_RATING_LABELS, localDay, MEAL_TYPE_LABELS, SYMPTOM_LABELS } from '@fodmap/contracts';
import { csvFile } from '@fodmap/server';
import { strToU8, zipSync } from 'fflate';

/** The name a downloaded export is saved under: the day it was made, in the person's own zone. */
export const exportFileName = (data: AccountExport, extension: 'json' | 'zip') => `fodmap-journal-export-${localDay(data.exportedAt, data.account.timeZone)}.${extension}`;

/** `2026-03-14 08:30`, the wall clock of an instant in a zone: a form every spreadsheet reads as a date and time. */
function wallClock(instant: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(
    new Date(instant),
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** `?format=csv`: a zip of meals.csv, meal-foods.csv and symptoms.csv, times in the person's own zone. */
export function exportZip(data: AccountExport): Uint8Array {
  const zone = data.account.timeZone;
  const when = `Date and time (${zone})`;
  const files: Record<string, string> = {
    'meals.csv': csvFile(
      ['Meal ID', when, 'Type', 'Name', 'Notes', 'Completed', 'FODMAP score'],
      data.meals.map((meal) => [meal.id, wallClock(meal.timestamp, zone), MEAL_TYPE_LABELS[meal.mealType], meal.name, meal.notes, meal.completed ? 'yes' : 'no', meal.fodmapScore]),
    ),
    'meal-foods.csv': csvFile(
      ['Meal ID', 'Food', 'Quantity', 'Unit', 'Grams', 'Rating at the amount eaten'],
      data.meals.flatMap((meal) => meal.foods.map((entry) => [meal.id, entry.food.name, entry.quantity, entry.servingUnit, entry.grams, FODMAP_RATING_LABELS[entry.ratingAtQuantity]])),
    ),
    'symptoms.csv': csvFile(
      [when, 'Type', 'Severity', 'Notes', 'Linked meal ID'],
      data.symptoms.map((symptom) => [wallClock(symptom.timestamp, zone), SYMPTOM_LABELS[symptom.symptomType], symptom.severity, symptom.notes, symptom.mealId]),
    ),
  };
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
}
