/**
 * Histories for the correlation tests: foods as the catalogue has them (apps/foods/data/catalogue.json), meals built
 * with the journal's own `mealFoodEntry`, and a seeded generator of a 90-day journal with planted triggers.
 */
import { type FodmapComponents, type FoodSnapshot, mealFoodEntry, type Severity, type SymptomType, UNMEASURED_COMPONENTS } from '@fodmap/contracts';
import { seededRandom } from '@fodmap/server';
import type { History, HistoryMeal, HistorySymptom } from './history';

export const HOUR = 3_600_000;
export const MINUTE = 60_000;
/** Monday 5 January 2026, 00:00 UTC: the first day of the synthetic journals. */
export const START = Date.UTC(2026, 0, 5);

type CatalogueFood = Omit<FoodSnapshot, 'id' | keyof FodmapComponents> & Partial<FodmapComponents>;

let nextFoodId = 1;
function food(values: CatalogueFood): FoodSnapshot {
  return { ...UNMEASURED_COMPONENTS, ...values, id: nextFoodId++ };
}

const NONE = { fructans: 0, galactans: 0, excessFructose: 0, sorbitol: 0, mannitol: 0, xylitol: 0, lactose: 0 };
const plain = { caloriesPerServing: null, oligoGroup: 'other', ibsTriggerType: null } as const;

export const FOODS = {
  garlic: food({ ...plain, name: 'Garlic, raw', servingSize: '1 clove (3 g)', servingGrams: 3, fodmapRating: 'high', foodType: 'vegetable', ibsTriggerType: 'fructans', lactose: 0 }),
  apple: food({ ...plain, name: 'Apple, raw, with skin', servingSize: '1 medium (182 g)', servingGrams: 182, fodmapRating: 'high', foodType: 'fruit', ibsTriggerType: 'polyols', excessFructose: 3.47, lactose: 0 }),
  oliveOil: food({ ...plain, ...NONE, name: 'Olive oil', servingSize: '1 tablespoon (13.5 g)', servingGrams: 13.5, fodmapRating: 'low', foodType: 'other' }),
  rice: food({ ...plain, name: 'White rice, long-grain, cooked', servingSize: '1 cup (158 g)', servingGrams: 158, fodmapRating: 'low', foodType: 'grain', oligoGroup: 'grain_legume_nut' }),
  chicken: food({ ...plain, ...NONE, name: 'Chicken breast, skinless, roasted', servingSize: '½ breast (86 g)', servingGrams: 86, fodmapRating: 'low', foodType: 'protein' }),
  egg: food({ ...plain, ...NONE, name: 'Egg, whole, raw', servingSize: '1 large (50 g)', servingGrams: 50, fodmapRating: 'low', foodType: 'protein' }),
  carrot: food({ ...plain, name: 'Carrot, raw', servingSize: '1 medium (61 g)', servingGrams: 61, fodmapRating: 'low', foodType: 'vegetable', excessFructose: 0, lactose: 0 }),
  potato: food({ ...plain, name: 'Potato, raw, flesh and skin', servingSize: '1 medium (213 g)', servingGrams: 213, fodmapRating: 'low', foodType: 'vegetable', ibsTriggerType: 'insoluble_fiber', excessFructose: 0, lactose: 0 }),
  banana: food({ ...plain, name: 'Banana, firm (unripe, green-tipped)', servingSize: '1 medium (118 g)', servingGrams: 118, fodmapRating: 'low', foodType: 'fruit', excessFructose: 0, lactose: 0 }),
  wheatBread: food({ ...plain, name: 'Wheat bread', servingSize: '2 slices (58 g)', servingGrams: 58, fodmapRating: 'high', foodType: 'grain', oligoGroup: 'grain_legume_nut', ibsTriggerType: 'fructans', excessFructose: 0.67, lactose: 0 }),
  spinach: food({ ...plain, name: 'Spinach, raw', servingSize: '1 cup (30 g)', servingGrams: 30, fodmapRating: 'low', foodType: 'vegetable', fructans: 0.1, excessFructose: 0.04, lactose: 0 }),
  tomato: food({ ...plain, name: 'Tomato, red, raw', servingSize: '1 medium whole (123 g)', servingGrams: 123, fodmapRating: 'low', foodType: 'vegetable', excessFructose: 0.12, lactose: 0 }),
  cucumber: food({ ...plain, name: 'Cucumber, with peel, raw', servingSize: '1 cup slices (104 g)', servingGrams: 104, fodmapRating: 'low', foodType: 'vegetable', excessFructose: 0.11, lactose: 0 }),
  salmon: food({ ...plain, ...NONE, name: 'Salmon, Atlantic, farmed, cooked', servingSize: '½ fillet (178 g)', servingGrams: 178, fodmapRating: 'low', foodType: 'protein', ibsTriggerType: 'high_fat' }),
  cheddar: food({ ...plain, ...NONE, name: 'Cheddar cheese', servingSize: '1 oz (28.4 g)', servingGrams: 28.4, fodmapRating: 'low', foodType: 'dairy', lactose: 0.12 }),
  coffee: food({ ...plain, ...NONE, name: 'Coffee, brewed', servingSize: '1 cup (8 fl oz) (237 g)', servingGrams: 237, fodmapRating: 'low', foodType: 'other', ibsTriggerType: 'caffeine' }),
  strawberries: food({ ...plain, name: 'Strawberries, raw', servingSize: '5 medium (60 g)', servingGrams: 60, fodmapRating: 'low', foodType: 'fruit', excessFructose: 0.45, lactose: 0 }),
  lettuce: food({ ...plain, name: 'Lettuce, iceberg, raw', servingSize: '1 cup shredded (72 g)', servingGrams: 72, fodmapRating: 'low', foodType: 'vegetable', excessFructose: 0.09, lactose: 0 }),
  peanutButter: food({ ...plain, name: 'Peanut butter, smooth', servingSize: '2 tbsp (32 g)', servingGrams: 32, fodmapRating: 'low', foodType: 'protein', oligoGroup: 'grain_legume_nut', ibsTriggerType: 'high_fat', excessFructose: 0, lactose: 0 }),
  orange: food({ ...plain, name: 'Orange, raw', servingSize: '1 fruit (131 g)', servingGrams: 131, fodmapRating: 'low', foodType: 'fruit', lactose: 0 }),
  quinoa: food({ ...plain, name: 'Quinoa, cooked', servingSize: '1 cup (185 g)', servingGrams: 185, fodmapRating: 'low', foodType: 'grain', oligoGroup: 'grain_legume_nut', ibsTriggerType: 'insoluble_fiber' }),
  zucchini: food({ ...plain, name: 'Zucchini, raw', servingSize: '½ cup, chopped (62 g)', servingGrams: 62, fodmapRating: 'low', foodType: 'vegetable', fructans: 0.3, excessFructose: 0.31, lactose: 0 }),
  blueberries: food({ ...plain, name: 'Blueberries, raw', servingSize: '1 cup (148 g)', servingGrams: 148, fodmapRating: 'low', foodType: 'fruit', excessFructose: 0.09, lactose: 0 }),
  oatmeal: food({ ...plain, name: 'Oatmeal (porridge), cooked with water', servingSize: '1 cup (234 g)', servingGrams: 234, fodmapRating: 'low', foodType: 'grain', oligoGroup: 'grain_legume_nut', excessFructose: 0, lactose: 0 }),
  milk: food({ ...plain, ...NONE, name: "Cow's milk, whole", servingSize: '1 cup (244 g)', servingGrams: 244, fodmapRating: 'high', foodType: 'dairy', ibsTriggerType: 'lactose', lactose: 5.05 }),
  yogurt: food({ ...plain, ...NONE, name: 'Yogurt, plain, whole milk', servingSize: '1 cup (8 fl oz) (245 g)', servingGrams: 245, fodmapRating: 'high', foodType: 'dairy', ibsTriggerType: 'lactose', lactose: 4.66 }),
  chickpeas: food({ ...plain, name: 'Chickpeas, boiled', servingSize: '½ cup (82 g)', servingGrams: 82, fodmapRating: 'high', foodType: 'protein', oligoGroup: 'grain_legume_nut', ibsTriggerType: 'galactans', lactose: 0 }),
  chili: food({ ...plain, name: 'Chili pepper, green, raw', servingSize: '1 pepper (45 g)', servingGrams: 45, fodmapRating: 'unknown', foodType: 'vegetable', ibsTriggerType: 'spicy', lactose: 0 }),
  mushrooms: food({ ...plain, name: 'Mushrooms, white button, raw', servingSize: '1 cup, pieces or slices (70 g)', servingGrams: 70, fodmapRating: 'high', foodType: 'vegetable', ibsTriggerType: 'polyols', excessFructose: 0, lactose: 0 }),
  ryeBread: food({ ...plain, name: 'Rye bread', servingSize: '2 slices, regular (64 g)', servingGrams: 64, fodmapRating: 'high', foodType: 'grain', oligoGroup: 'grain_legume_nut', ibsTriggerType: 'fructans' }),
} satisfies Record<string, FoodSnapshot>;

let nextEntryId = 1;
/** One serving of a food (or `grams` of it), rated by the journal's rules. */
export function entry(snapshot: FoodSnapshot, grams?: number) {
  return grams === undefined
    ? mealFoodEntry({ id: nextEntryId++, quantity: 1, servingUnit: 'serving', grams: snapshot.servingGrams, food: snapshot })
    : mealFoodEntry({ id: nextEntryId++, quantity: grams, servingUnit: 'g', grams, food: snapshot });
}

export function meal(mealId: number, eatenAt: number, foods: readonly FoodSnapshot[]): HistoryMeal {
  return { mealId, eatenAt, foods: foods.map((snapshot) => entry(snapshot)) };
}

export function symptom(symptomId: number, feltAt: number, values: Partial<Omit<HistorySymptom, 'symptomId' | 'feltAt'>> = {}): HistorySymptom {
  return { symptomId, feltAt, mealId: null, symptomType: 'bloating', severity: 'moderate', ...values };
}

const EVERYDAY = [FOODS.chicken, FOODS.egg, FOODS.carrot, FOODS.potato, FOODS.banana, FOODS.spinach, FOODS.tomato, FOODS.cucumber, FOODS.salmon, FOODS.cheddar, FOODS.coffee, FOODS.strawberries, FOODS.lettuce, FOODS.peanutButter, FOODS.orange, FOODS.quinoa, FOODS.zucchini, FOODS.blueberries, FOODS.oatmeal, FOODS.chickpeas, FOODS.mushrooms];
const PLANTED_TYPES: readonly SymptomType[] = ['bloating', 'pain', 'gas', 'diarrhea'];
const BACKGROUND_TYPES: readonly SymptomType[] = ['fatigue', 'headache', 'bloating', 'mood', 'nausea'];

export type Scenario =
  /** garlic (always with olive oil) and apple planted, white rice in 60 % of meals as the placebo */
  | 'foods'
  /** symptoms after meals with at least 1 g of lactose (milk, yogurt); garlic and wheat bread eaten freely */
  | 'lactose'
  /**
   * garlic planted, at lunch always on rye bread (about a third of the bread's meals), at dinner sometimes fried in
   * olive oil; rye bread also at breakfast and dinner without garlic
   */
  | 'together';

/**
 * 90 days, three meals a day (about 8:00, 13:00, 19:00), 2 to 4 everyday foods each. After a planted meal a symptom
 * follows 80 % of the time, after any other 12 %: half linked to the meal, half logged alone 2 to 6 hours later.
 * Every evening a 'none' report ("no symptoms") that must never count.
 */
export function syntheticHistory(seed: number, scenario: Scenario, days = 90): History {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const meals: HistoryMeal[] = [];
  const symptoms: HistorySymptom[] = [];
  for (let day = 0; day < days; day += 1) {
    for (const hour of [8, 13, 19]) {
      const eatenAt = START + day * 24 * HOUR + hour * HOUR + Math.round((random() - 0.5) * 60) * MINUTE;
      const foods = new Set<FoodSnapshot>();
      while (foods.size < 1 + Math.floor(random() * 3)) foods.add(pick(EVERYDAY));
      if (scenario === 'foods') {
        if (random() < 0.6) foods.add(FOODS.rice);
        if (random() < 0.18) foods.add(FOODS.garlic).add(FOODS.oliveOil);
        if (random() < 0.15) foods.add(FOODS.apple);
      } else if (scenario === 'together') {
        if (hour === 13) {
          if (random() < 0.35) foods.add(FOODS.garlic).add(FOODS.ryeBread);
        } else if (hour === 19 && random() < 0.12) foods.add(FOODS.garlic).add(FOODS.oliveOil);
        else if (random() < 0.35) foods.add(FOODS.ryeBread);
      } else {
        if (random() < 0.2) foods.add(FOODS.milk);
        if (random() < 0.1) foods.add(FOODS.yogurt);
        if (random() < 0.25) foods.add(FOODS.garlic);
        if (random() < 0.25) foods.add(FOODS.wheatBread);
      }
      const mealId = meals.length + 1;
      const built = meal(mealId, eatenAt, [...foods]);
      meals.push(built);
      const planted = scenario === 'lactose' ? lactoseGrams(built) >= 1 : foods.has(FOODS.garlic) || foods.has(FOODS.apple);
      if (random() < (planted ? 0.8 : 0.12)) {
        const linked = random() < 0.5;
        symptoms.push({
          symptomId: symptoms.length + 1,
          mealId: linked ? mealId : null,
          feltAt: linked ? eatenAt + 2 * HOUR : eatenAt + Math.round((2 + random() * 4) * 60) * MINUTE,
          symptomType: pick(planted ? PLANTED_TYPES : BACKGROUND_TYPES),
          severity: pick<Severity>(planted ? ['moderate', 'severe'] : ['mild', 'moderate']),
        });
      }
    }
    symptoms.push({ symptomId: symptoms.length + 1, mealId: null, feltAt: START + day * 24 * HOUR + 22 * HOUR, symptomType: 'bloating', severity: 'none' });
  }
  return { meals, symptoms };
}

function lactoseGrams({ foods }: HistoryMeal): number {
  return foods.reduce((sum, { food: snapshot, grams }) => sum + ((snapshot.lactose ?? 0) * (grams ?? 0)) / 100, 0);
}
