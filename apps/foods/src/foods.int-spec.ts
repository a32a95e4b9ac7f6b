import { Caller, EventTypes, FoodCreatedV1, Messages, QuickAddFoodInput, Rpc, RpcRequest, RpcSubject } from '@fodmap/contracts';
import { eventually, ServiceCaller, startService, suitePrefix, testConfig } from '@fodmap/testing';
import { INestMicroservice } from '@nestjs/common';
import { connect, NatsConnection, StringCodec } from 'nats';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

const bibliography = [
  { id: 'muir2007', title: 'Fructan and free fructose content of common Australian vegetables and fruit', authors: 'Muir JG et al.', year: 2007, doi: '10.1021/jf070954o', covers: 'fructans' },
  { id: 'usda-sr28', title: 'USDA National Nutrient Database for Standard Reference, Release 28', authors: 'USDA', year: 2016, url: 'https://www.ars.usda.gov/', covers: 'serving, calories' },
];

function catalogueFood(key: string, name: string, fodmapRating: string, extra: Record<string, unknown> = {}) {
  return {
    key, name, description: `${name} (test)`, foodType: 'vegetable', category: 'vegetables', synonyms: [], servingSize: '1 cup (100 g)', servingGrams: 100,
    caloriesPerServing: 40, usdaNdb: '11215', fructans: null, galactans: null, excessFructose: null, sorbitol: null, mannitol: null, xylitol: null, lactose: null,
    fodmapRating, ratingBasis: 'test', canTriggerIbs: false, ibsTriggerType: null, ibsTriggerSeverity: 'mild', ibdTrigger: false, ibdSeverity: null, ibdFlareAvoid: false,
    crohnsTrigger: false, crohnsSeverity: null, colitisTrigger: false, colitisSeverity: null, crohnsSymptoms: [], colitisSymptoms: [], ibdSymptoms: [],
    confidenceScore: 80, needsVerification: false, citations: ['muir2007', 'usda-sr28'], sourceNotes: null, ...extra,
  };
}

const garlicPortion = { lowUpToGrams: null, lowUpToText: null, highFromGrams: 3, highFromText: '1 clove' };
const version1 = [
  catalogueFood('garlic', 'Garlic, raw', 'high', {
    fructans: 17.4, canTriggerIbs: true, ibsTriggerType: 'fructans', crohnsSymptoms: ['bloating', 'gas'], everyday: true,
    ratingExplanation: 'High in fructans at 1 clove (3 g): Monash University, 2019.', fodmapGroups: ['fructans'], portion: garlicPortion,
  }),
  catalogueFood('garlic-bread', 'Garlic bread', 'high', { foodType: 'grain' }),
  catalogueFood('gherkin', 'Gherkin', 'low'),
  catalogueFood('banana-ripe', 'Banana, ripe', 'medium', { foodType: 'fruit' }),
  catalogueFood('zucchini', 'Zucchini', 'low', { synonyms: ['courgette'], everyday: true }),
  catalogueFood('spring-onion-tops', 'Spring onion, green tops only', 'low'),
  catalogueFood('lentils', 'Lentils, boiled', 'high', { foodType: 'protein' }),
  catalogueFood('soup-mix', 'Soup mix, dry', 'unknown', { checkLabel: true, ratingExplanation: 'Check the label for onion, garlic, wheat or inulin.' }),
];

const releaseNotes = {
  version: '2025.2',
  date: '2025-02-01',
  summary: ['Every rating now holds at the stated serving.'],
  changes: [
    { name: 'Aubergine', from: null, to: 'low', why: 'Added: published low at 75 g.' },
    { name: 'Gherkin', from: 'low', to: null, why: 'Removed: nobody looked it up.' },
  ],
};

const ann: Caller = { userId: 101, timeZone: 'Europe/London' };
const bob: Caller = { userId: 202, timeZone: 'America/New_York' };

let dataDirectory: string;
let app: INestMicroservice;
let services: ServiceCaller;
let nats: NatsConnection;
let prefix: string;

function writeCatalogue(version: string, foods: object[], whatsNew?: object): void {
  writeFileSync(join(dataDirectory, 'catalogue.json'), JSON.stringify({ version, foods }));
  writeFileSync(join(dataDirectory, 'bibliography.json'), JSON.stringify(bibliography));
  if (whatsNew) writeFileSync(join(dataDirectory, 'whats-new.json'), JSON.stringify(whatsNew));
}

/** Boots the foods service the way main.ts does, on this suite's NATS prefix and the run's test database. */
async function startFoods(): Promise<void> {
  const { AppModule } = await import('./app.module');
  app = await startService('foods', AppModule);
}

const call = <Subject extends RpcSubject>(name: Subject, payload: RpcRequest<Subject>) => services.call(name, payload);
const failure = (name: RpcSubject, payload: unknown) => services.failure(name, payload);
const sql = <Row,>(text: string, values: unknown[] = []): Promise<Row[]> => app.get(DataSource).query(text, values);
const search = (caller: Caller, q: string) => call(Rpc.foods.search, { caller, input: { q } });
const quickAdd = (caller: Caller, input: QuickAddFoodInput) => call(Rpc.foods.quickAdd, { caller, input });

beforeAll(async () => {
  const config = testConfig();
  prefix = suitePrefix('foods');
  // Set before the app module loads: @MessagePattern reads the prefix then; the catalogue directory is read at start-up.
  process.env.NATS_PREFIX = prefix;
  dataDirectory = mkdtempSync(join(tmpdir(), 'foods-catalogue-'));
  process.env.FOODS_DATA_DIR = dataDirectory;
  writeCatalogue('2025.1', version1);
  await startFoods();
  services = await ServiceCaller.connect();
  nats = await connect({ servers: config.natsUrl });
});

afterAll(async () => {
  await services?.close();
  await nats?.drain();
  await app?.close();
  rmSync(dataDirectory, { recursive: true, force: true });
});

describe('catalogue seeding', () => {
  it('seeds the catalogue at start-up with its version and resolved citations', async () => {
    const [meta] = await sql<{ version: string; food_count: number }>('SELECT version, food_count FROM foods.catalogue_meta');
    expect(meta).toEqual({ version: '2025.1', food_count: version1.length });
    const [garlic] = await search(ann, 'garlic');
    expect(garlic).toMatchObject({
      name: 'Garlic, raw',
      fodmapRating: 'high',
      fructans: 17.4,
      lactose: null,
      crohnsSymptoms: ['bloating', 'gas'],
      isPrivate: false,
      citations: [
        { id: 'muir2007', title: bibliography[0].title, url: 'https://doi.org/10.1021/jf070954o' },
        { id: 'usda-sr28', title: bibliography[1].title, url: 'https://www.ars.usda.gov/' },
      ],
    });
  });

  it('shows why a food is rated as it is, the groups behind it, how much is low and whether to check the label', async () => {
    const [garlic] = await search(ann, 'garlic');
    expect(garlic).toMatchObject({
      ratingExplanation: 'High in fructans at 1 clove (3 g): Monash University, 2019.',
      fodmapGroups: ['fructans'],
      portion: garlicPortion,
      checkLabel: false,
    });
    expect(await call(Rpc.foods.get, { caller: ann, id: garlic.id })).toEqual(garlic);
    const [soupMix] = await search(ann, 'soup mix');
    expect(soupMix).toMatchObject({ fodmapRating: 'unknown', checkLabel: true, fodmapGroups: [], portion: null });
    // a food of the first edition's shape still loads, with the defaults
    const [gherkin] = await search(ann, 'gherkin');
    expect(gherkin).toMatchObject({ ratingExplanation: null, fodmapGroups: [], portion: null, checkLabel: false });
    const list = await call(Rpc.foods.list, { caller: ann });
    expect(list.find((food) => food.id === soupMix.id)).toMatchObject({ checkLabel: true });
  });

  it('lists the everyday foods first, then the rest by name', async () => {
    const names = (await call(Rpc.foods.list, { caller: bob })).map((food) => food.name);
    expect(names).toEqual(['Garlic, raw', 'Zucchini', 'Banana, ripe', 'Garlic bread', 'Gherkin', 'Lentils, boiled', 'Soup mix, dry', 'Spring onion, green tops only']);
  });

  it('has no release note while the data has none', async () => {
    expect(await call(Rpc.foods.catalogue, { caller: ann })).toEqual({ version: '2025.1', foodCount: version1.length, whatsNew: null });
    expect(await failure(Rpc.foods.whatsNew, { caller: ann })).toEqual({ status: 404, message: Messages.catalogueNotesNotFound });
  });

  it('changes nothing when the service starts again with the same catalogue', async () => {
    const before = await sql('SELECT id, key, updated_at FROM foods.foods WHERE key IS NOT NULL ORDER BY id');
    const [metaBefore] = await sql<{ seeded_at: Date }>('SELECT seeded_at FROM foods.catalogue_meta');
    await app.close();
    await startFoods();
    expect(await sql('SELECT id, key, updated_at FROM foods.foods WHERE key IS NOT NULL ORDER BY id')).toEqual(before);
    expect((await sql<{ seeded_at: Date }>('SELECT seeded_at FROM foods.catalogue_meta'))[0]).toEqual(metaBefore);
  });

  it('upserts a new version by key: ids kept, changes applied, a dropped food retired but still readable', async () => {
    const [{ id: garlicId }] = await sql<{ id: number }>(`SELECT id FROM foods.foods WHERE key = 'garlic'`);
    const [{ id: gherkinId }] = await sql<{ id: number }>(`SELECT id FROM foods.foods WHERE key = 'gherkin'`);
    const version2 = [
      ...version1.filter((food) => food.key !== 'gherkin').map((food) => (food.key === 'garlic' ? { ...food, confidenceScore: 95 } : food)),
      catalogueFood('aubergine', 'Aubergine', 'low'),
    ];
    writeCatalogue('2025.2', version2, releaseNotes);
    await app.close();
    await startFoods();

    expect((await sql('SELECT version, food_count FROM foods.catalogue_meta'))[0]).toEqual({ version: '2025.2', food_count: version2.length });
    expect(await call(Rpc.foods.get, { caller: ann, id: garlicId })).toMatchObject({ id: garlicId, confidenceScore: 95 });
    expect((await search(ann, 'eggplant')).map((food) => food.name)).toEqual(['Aubergine']);
    const list = await call(Rpc.foods.list, { caller: ann });
    expect(list.map((food) => food.name)).not.toContain('Gherkin');
    expect(await call(Rpc.foods.get, { caller: ann, id: gherkinId })).toMatchObject({ name: 'Gherkin' });
    // the catalogue info carries the note in brief; the whole note is its own read
    const summary = { version: '2025.2', date: '2025-02-01', changeCount: releaseNotes.changes.length };
    expect(await call(Rpc.foods.catalogue, { caller: ann })).toEqual({ version: '2025.2', foodCount: version2.length, whatsNew: summary });
    expect(await call(Rpc.foods.whatsNew, { caller: ann })).toEqual(releaseNotes);
  });
});

describe('search', () => {
  it('ranks the typo galic to garlic, the plain food first', async () => {
    expect((await search(ann, 'galic')).map((food) => food.name)).toEqual(['Garlic, raw', 'Garlic bread']);
  });

  it('finds English variants and words still being typed', async () => {
    expect((await search(ann, 'courgette')).map((food) => food.name)).toEqual(['Zucchini']);
    expect((await search(ann, 'scallion')).map((food) => food.name)).toEqual(['Spring onion, green tops only']);
    expect((await search(ann, 'BANAN'))[0].name).toBe('Banana, ripe');
  });

  it('rejects a missing or too short search term with a clear message', async () => {
    expect(await failure(Rpc.foods.search, { caller: ann, input: { q: ' a ' } })).toEqual({ status: 400, message: Messages.searchTermTooShort });
    expect(await failure(Rpc.foods.search, { caller: ann, input: {} })).toEqual({ status: 400, message: Messages.searchTermTooShort });
  });

  it('answers nobody who is not signed in', async () => {
    expect(await failure(Rpc.foods.search, { input: { q: 'garlic' } })).toEqual({ status: 401, message: Messages.unauthorized });
    expect(await failure(Rpc.foods.list, { caller: { userId: 'ann' } })).toEqual({ status: 401, message: Messages.unauthorized });
  });
});

describe('private foods', () => {
  it('shows a private food to its creator alone: search, list and get', async () => {
    const soup = await quickAdd(ann, { name: "  Grandma's lentil soup ", fodmapRating: 'medium', description: '', servingSize: '1 bowl', foodType: 'protein' });
    expect(soup).toMatchObject({ name: "Grandma's lentil soup", fodmapRating: 'medium', description: null, servingSize: '1 bowl', foodType: 'protein', isPrivate: true });
    expect(soup.id).toBeGreaterThan(0);

    expect((await search(ann, 'lentil soup')).map((food) => food.name)).toEqual(["Grandma's lentil soup"]);
    expect((await search(ann, 'lentil')).map((food) => food.name)).toEqual(['Lentils, boiled', "Grandma's lentil soup"]);
    expect((await search(bob, 'lentil')).map((food) => food.name)).toEqual(['Lentils, boiled']);

    const annList = await call(Rpc.foods.list, { caller: ann });
    expect(annList[0]).toEqual({
      id: soup.id, name: "Grandma's lentil soup", description: null, servingSize: '1 bowl', caloriesPerServing: null, fodmapRating: 'medium', foodType: 'protein', isPrivate: true, checkLabel: false,
    });
    expect(soup).toMatchObject({ ratingExplanation: null, fodmapGroups: [], portion: null, checkLabel: false });
    expect((await call(Rpc.foods.list, { caller: bob })).map((food) => food.id)).not.toContain(soup.id);

    expect(await call(Rpc.foods.get, { caller: ann, id: soup.id })).toEqual(soup);
    expect(await failure(Rpc.foods.get, { caller: bob, id: soup.id })).toEqual({ status: 404, message: Messages.foodNotFound });
  });

  it('records FoodCreated and publishes it to JetStream', async () => {
    const tea = await quickAdd(bob, { name: 'Builder’s tea', fodmapRating: 'low' });
    const [stored] = await sql<{ stream_id: string; type: string; data: FoodCreatedV1 }>('SELECT stream_id, type, data FROM foods.events WHERE stream_id = $1', [`food-${tea.id}`]);
    expect(stored).toMatchObject({ type: EventTypes.FoodCreated, data: { foodId: tea.id, userId: bob.userId, name: 'Builder’s tea', fodmapRating: 'low', foodType: 'other' } });

    const jsm = await nats.jetstreamManager();
    // The publisher relays after the commit, so an earlier test's FoodCreated can still be the last one for a moment.
    await eventually(async () => {
      const published = await jsm.streams.getMessage(`${prefix}_events`, { last_by_subj: `${prefix}.events.foods.FoodCreated.u${bob.userId}` });
      expect(JSON.parse(StringCodec().decode(published.data))).toMatchObject({ streamId: `food-${tea.id}`, type: EventTypes.FoodCreated, data: { foodId: tea.id } });
    });
  });

  it('validates a new food with the spec messages', async () => {
    expect(await failure(Rpc.foods.quickAdd, { caller: ann, input: { name: '   ', fodmapRating: 'low' } })).toEqual({ status: 400, message: Messages.foodNameRequired });
    expect(await failure(Rpc.foods.quickAdd, { caller: ann, input: { name: 'Soup' } })).toEqual({ status: 400, message: Messages.fodmapRatingRequired });
    expect(await failure(Rpc.foods.quickAdd, { caller: ann, input: { name: 'Soup', fodmapRating: 'unknown' } })).toEqual({ status: 400, message: Messages.fodmapRatingRequired });
    expect(await failure(Rpc.foods.get, { caller: ann, id: 'abc' })).toEqual({ status: 400, message: Messages.foodIdInvalid });
  });
});

describe('quick-add with an Idempotency-Key', () => {
  // A user of its own, so that its foods and events can be counted.
  const cam: Caller = { userId: 303, timeZone: 'UTC' };
  const input: QuickAddFoodInput = { name: 'Oat milk', fodmapRating: 'low', servingSize: '1 cup' };
  const quickAddWithKey = (idempotencyKey: string, body: QuickAddFoodInput = input) => call(Rpc.foods.quickAdd, { caller: cam, input: body, idempotencyKey });
  const counts = async () => {
    const [row] = await sql<{ foods: number; events: number }>(
      `SELECT (SELECT count(*)::int FROM foods.foods WHERE owner_user_id = $1) AS foods,
              (SELECT count(*)::int FROM foods.events WHERE (data->>'userId')::int = $1) AS events`,
      [cam.userId],
    );
    return row;
  };

  it('creates one food and one event for the same key and input sent twice, and answers the same food both times', async () => {
    const before = await counts();
    const first = await quickAddWithKey('oat-1');
    const again = await quickAddWithKey('oat-1');

    expect(again).toEqual(first);
    expect(await counts()).toEqual({ foods: before.foods + 1, events: before.events + 1 });
  });

  it('refuses the key with another input with a 422, creating nothing', async () => {
    await quickAddWithKey('oat-2');
    const before = await counts();

    expect(await failure(Rpc.foods.quickAdd, { caller: cam, input: { ...input, fodmapRating: 'high' }, idempotencyKey: 'oat-2' })).toEqual({
      status: 422,
      message: Messages.idempotencyKeyReused,
    });
    expect(await counts()).toEqual(before);
  });

  it('creates one food for ten concurrent requests with one key, and answers it to all ten', async () => {
    const before = await counts();
    const answers = await Promise.all(Array.from({ length: 10 }, () => quickAddWithKey('oat-3')));

    expect(new Set(answers.map((food) => food.id)).size).toBe(1);
    expect(await counts()).toEqual({ foods: before.foods + 1, events: before.events + 1 });
  });
});
