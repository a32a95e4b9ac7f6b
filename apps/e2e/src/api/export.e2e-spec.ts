import { type AccountExport, AccountMessages, type Caller, FODMAP_RATING_LABELS, type Food, httpContract, type Meal, Rpc, type RouteFileJson, type Symptom, todayIn } from '@fodmap/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { unzipSync } from 'fflate';
import { ApiSession, catalogueFood, messageOf, okBody, registerUser } from '../support/api';
import { ServiceRpc } from '../support/service-rpc';

// Issue 20 §2: a person downloads everything the product holds about them, as JSON or as a zip of CSV files that a
// spreadsheet opens. A year of journal, seeded through the API as the app writes it.

const BERLIN = 'Europe/Berlin';
const DAY_MS = 86_400_000;
/** A meal every other day for a year: two pages of the journal's export, in well under a minute of writes. */
const DAYS = 365;
const MEALS = Math.ceil(DAYS / 2);
const { export: exportRoute } = httpContract.account;

/** Names and notes a spreadsheet could mangle: a comma, quotes and a line break; a formula; accents. */
const TRICKY_NAME = 'Rice, "fried"\nwith egg';
const FORMULA_NOTES = '=HYPERLINK("http://evil.example","click")';
const SYMPTOM_FORMULA_NOTES = '@SUM(A1:A9)';
const ACCENTED = 'Crème brûlée at Zoë’s';

let ann: ApiSession;
let bob: ApiSession;
let annPrivateFood: Food;
let bobPrivateFood: Food;
const seededMeals: Meal[] = [];
const seededSymptoms: Symptom[] = [];
let bobMeal: Meal;

/** Runs the tasks `width` at a time: a year of writes in seconds, without a burst the stack would queue. */
async function inParallel<T>(tasks: (() => Promise<T>)[], width = 8): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < tasks.length; start += width) results.push(...(await Promise.all(tasks.slice(start, start + width).map((task) => task()))));
  return results;
}

let journal: ServiceRpc;

beforeAll(async () => {
  const registered = await registerUser('export-ann', 'Ann', BERLIN);
  ann = registered.api;
  // A year of Ann's writes goes straight to the journal: through the gateway it would meet her write rate (120 a minute).
  const annCaller: Caller = { userId: registered.user.id, timeZone: BERLIN };
  journal = await ServiceRpc.connect();
  bob = (await registerUser('export-bob', 'Bob')).api;
  const [egg, garlic] = await Promise.all(['Egg, hard-boiled', 'Garlic, raw'].map((name) => catalogueFood(ann, name)));
  annPrivateFood = okBody(await ann.call(httpContract.foods.quickAdd, { body: { name: "Ann's sourdough, 24 h", fodmapRating: 'low', servingSize: '2 slices' } }));
  bobPrivateFood = okBody(await bob.call(httpContract.foods.quickAdd, { body: { name: "Bob's secret relish", fodmapRating: 'high' } }));
  const now = Date.now();
  const meals = await inParallel(
    Array.from({ length: MEALS }, (_, day) => async () => {
      const special = day === 0 ? { name: TRICKY_NAME, notes: FORMULA_NOTES } : day === 1 ? { name: ACCENTED, notes: 'Line one\nline two' } : { name: `Lunch ${day}`, notes: day % 2 ? `Notes ${day}` : undefined };
      const foods = [
        { foodId: egg.id, quantity: 1 + (day % 3), servingUnit: 'serving' },
        { foodId: day % 2 ? garlic.id : annPrivateFood.id, quantity: 0.5, servingUnit: 'serving' },
      ];
      const timestamp = new Date(now - (DAYS - 2 * day) * DAY_MS).toISOString();
      return journal.send(Rpc.journal.createMeal, { caller: annCaller, input: { mealType: day % 4 === 0 ? 'dinner' : 'lunch', timestamp, foods, ...special } });
    }),
  );
  seededMeals.push(...meals);
  const symptoms = await inParallel(
    meals
      .filter((_, day) => day % 3 === 0)
      .map((meal, index) => async () => {
        const timestamp = new Date(Date.parse(meal.timestamp) + 2 * 3_600_000).toISOString();
        const notes = index === 0 ? SYMPTOM_FORMULA_NOTES : `After ${meal.name.split('\n')[0]}`;
        return journal.send(Rpc.journal.logSymptom, { caller: annCaller, input: { symptomType: index % 2 ? 'pain' : 'bloating', severity: 'moderate', mealId: meal.id, notes, timestamp } });
      }),
  );
  seededSymptoms.push(...symptoms, okBody(await ann.call(httpContract.symptoms.log, { body: { symptomType: 'fatigue', severity: 'mild' } })));
  bobMeal = okBody(await bob.call(httpContract.meals.create, { body: { mealType: 'lunch', name: "Bob's private lunch", timestamp: new Date().toISOString(), foods: [{ foodId: bobPrivateFood.id, quantity: 1, servingUnit: 'serving' }] } }));
  await bob.call(httpContract.symptoms.log, { body: { symptomType: 'gas', severity: 'severe', notes: "Bob's own symptom" } });
}, 120_000);

afterAll(async () => {
  await journal?.close();
});

const today = () => todayIn(BERLIN);

describe('GET /api/account/export', () => {
  let exported: RouteFileJson<typeof exportRoute>;
  let text: string;

  it('answers a JSON download of everything: the account, every meal with its foods and symptoms, oldest first, every symptom, private foods and emails', async () => {
    const answer = await ann.download(exportRoute);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="fodmap-journal-export-${today()}.json"`);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    text = answer.bytes.toString('utf8');
    exported = JSON.parse(text) as AccountExport;

    expect(exported.account).toMatchObject({ firstName: 'Ann', timeZone: BERLIN });
    expect(exported.subscription).toHaveProperty('status');
    expect(exported.meals.map((meal) => meal.id)).toEqual([...seededMeals].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id - b.id).map((meal) => meal.id));
    const byId = new Map(exported.meals.map((meal) => [meal.id, meal]));
    for (const seeded of seededMeals) {
      const meal = byId.get(seeded.id);
      expect(meal).toMatchObject({ name: seeded.name, notes: seeded.notes, mealType: seeded.mealType, timestamp: seeded.timestamp, fodmapScore: seeded.fodmapScore });
      expect(meal?.foods.map((entry) => [entry.food.id, entry.quantity, entry.servingUnit, entry.ratingAtQuantity])).toEqual(
        seeded.foods.map((entry) => [entry.food.id, entry.quantity, entry.servingUnit, entry.ratingAtQuantity]),
      );
    }
    const linked = seededSymptoms.filter((symptom) => symptom.mealId !== null);
    for (const symptom of linked) expect(byId.get(symptom.mealId as number)?.symptoms).toContainEqual(symptom);
    expect(exported.symptoms).toEqual([...seededSymptoms].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id - b.id));
    expect(exported.privateFoods.map((food) => food.name)).toEqual([annPrivateFood.name]);
    for (const email of exported.emails) expect(Object.keys(email).sort()).toEqual(['kind', 'sentAt', 'subject']);
  });

  it("holds nothing of another person's", () => {
    expect(text).not.toContain("Bob's");
    expect(exported.meals.some((meal) => meal.id === bobMeal.id)).toBe(false);
    expect(exported.privateFoods.some((food) => food.id === bobPrivateFood.id)).toBe(false);
  });

  it('answers ?format=csv with a zip of meals.csv, meal-foods.csv and symptoms.csv that a spreadsheet opens as written', async () => {
    const answer = await ann.download(exportRoute, { query: { format: 'csv' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="fodmap-journal-export-${today()}.zip"`);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const files = unzipSync(new Uint8Array(answer.bytes));
    expect(Object.keys(files).sort()).toEqual(['meal-foods.csv', 'meals.csv', 'symptoms.csv']);
    for (const bytes of Object.values(files)) expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [meals, mealFoods, symptoms] = ['meals.csv', 'meal-foods.csv', 'symptoms.csv'].map((name) => readCsv(new TextDecoder().decode(files[name])));

    expect(meals[0]).toEqual(['Meal ID', `Date and time (${BERLIN})`, 'Type', 'Name', 'Notes', 'Completed', 'FODMAP score']);
    expect(meals).toHaveLength(MEALS + 1);
    const tricky = seededMeals[0];
    const trickyRow = meals.find((row) => row[0] === String(tricky.id));
    const berlinTime = new Intl.DateTimeFormat('sv-SE', { timeZone: BERLIN, dateStyle: 'short', timeStyle: 'short' }).format(new Date(tricky.timestamp));
    expect(trickyRow).toEqual([String(tricky.id), berlinTime, 'Dinner', TRICKY_NAME, `'${FORMULA_NOTES}`, tricky.completed ? 'yes' : 'no', String(tricky.fodmapScore ?? '')]);
    expect(meals.find((row) => row[0] === String(seededMeals[1].id))?.slice(3, 5)).toEqual([ACCENTED, 'Line one\nline two']);

    expect(mealFoods[0]).toEqual(['Meal ID', 'Food', 'Quantity', 'Unit', 'Grams', 'Rating at the amount eaten']);
    expect(mealFoods).toHaveLength(1 + MEALS * 2);
    expect(mealFoods.filter((row) => row[0] === String(tricky.id))).toEqual(
      tricky.foods.map((entry) => [String(tricky.id), entry.food.name, String(entry.quantity), entry.servingUnit, entry.grams === null ? '' : String(entry.grams), FODMAP_RATING_LABELS[entry.ratingAtQuantity]]),
    );

    expect(symptoms[0]).toEqual([`Date and time (${BERLIN})`, 'Type', 'Severity', 'Notes', 'Linked meal ID']);
    expect(symptoms).toHaveLength(1 + seededSymptoms.length);
    expect(symptoms.find((row) => row[4] === String(tricky.id))?.slice(1)).toEqual(['Bloating', 'moderate', `'${SYMPTOM_FORMULA_NOTES}`, String(tricky.id)]);
    expect(JSON.stringify([meals, mealFoods, symptoms])).not.toContain("Bob's");
  });

  it('refuses a format it does not know with a 400 and its message', async () => {
    const answer = await ann.send(exportRoute, { query: { format: 'x' } });
    expect({ status: answer.status, message: messageOf(answer) }).toEqual({ status: 400, message: 'format must be json or csv' });
  });

  it('answers 429 with Retry-After after a few exports in an hour', async () => {
    // Two exports above; three more are allowed, then the sixth is refused until the hour is over.
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await ann.download(exportRoute, { query: { format: 'csv' } })).status).toBe(200);
    const refused = await ann.send(exportRoute, {});
    expect(refused.status).toBe(429);
    expect(messageOf(refused)).toBe(AccountMessages.tooManyExports(Number(refused.headers.get('retry-after'))));
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    // Another person's allowance is their own.
    expect((await bob.download(exportRoute)).status).toBe(200);
  });

  it('answers 401 to a visitor', async () => {
    expect((await new ApiSession().send(exportRoute, {})).status).toBe(401);
  });
});

/** An RFC 4180 reader, as a spreadsheet reads the file: quoted fields may hold commas, doubled quotes and line breaks. */
function readCsv(file: string): string[][] {
  const text = file.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else {
      field += char;
    }
  }
  if (field || row.length) throw new Error('the file does not end with CRLF');
  return rows;
}
