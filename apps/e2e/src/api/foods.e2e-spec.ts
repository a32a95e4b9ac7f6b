import { Messages, httpContract } from '@fodmap/contracts';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiSession, expectOk, okBody, registerUser } from '../support/api';

let ann: ApiSession;
let bob: ApiSession;
beforeAll(async () => {
  ann = (await registerUser('foods-ann', 'Ann')).api;
  bob = (await registerUser('foods-bob', 'Bob')).api;
});

describe('foods', () => {
  it('keeps signed-out people out of every food route', async () => {
    const visitor = new ApiSession();
    for (const res of [
      await visitor.call(httpContract.foods.list),
      await visitor.call(httpContract.foods.search, { query: { q: 'garlic' } }),
      await visitor.call(httpContract.foods.get, { params: { id: 1 } }),
      await visitor.call(httpContract.foods.catalogue),
      await visitor.call(httpContract.foods.whatsNew),
      await visitor.call(httpContract.foods.quickAdd, { body: { name: 'Soup', fodmapRating: 'low' } }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: Messages.unauthorized });
    }
  });

  it('finds Garlic first for the typo galic, with its rating, serving and sources', async () => {
    const res = await ann.call(httpContract.foods.search, { query: { q: 'galic' } });
    expect(res.status).toBe(200);
    const [first] = okBody(res);
    expect(first.name).toMatch(/^garlic\b/i);
    expect(first).toMatchObject({ fodmapRating: 'high', isPrivate: false });
    expect(first.servingSize).toEqual(expect.any(String));
    expect(first.citations.length).toBeGreaterThan(0);
    expect(okBody(res).length).toBeLessThanOrEqual(20);
  });

  it('ranks the plain, common form first and never answers lactose free milk with ordinary milk', async () => {
    const tomato = okBody(await ann.call(httpContract.foods.search, { query: { q: 'tomato' } }));
    expect(tomato[0].name).toBe('Tomato, red, raw');
    const lactoseFree = okBody(await ann.call(httpContract.foods.search, { query: { q: 'lactose free milk' } }));
    expect(lactoseFree.length).toBeGreaterThan(0);
    expect(lactoseFree[0].name).not.toMatch(/^cow'?s milk/i);
  });

  it('opens the unfiltered list with everyday foods, not the alphabet', async () => {
    const list = okBody(await bob.call(httpContract.foods.list)).filter((food) => !food.isPrivate).map((food) => food.name);
    expect(list.indexOf('Tomato, red, raw')).toBeGreaterThanOrEqual(0);
    expect(list.indexOf('Tomato, red, raw')).toBeLessThan(list.indexOf('Agave syrup'));
  });

  it('explains a food: rating sentence, FODMAP groups, portion guide and the check-the-label state', async () => {
    const [garlic] = okBody(await ann.call(httpContract.foods.search, { query: { q: 'garlic' } }));
    const details = okBody(await ann.call(httpContract.foods.get, { params: { id: garlic.id } }));
    expect(details).toEqual(garlic);
    expect(details).toMatchObject({ checkLabel: false, fodmapGroups: expect.any(Array) });
    expect(details).toHaveProperty('ratingExplanation');
    expect(details).toHaveProperty('portion');
    const list = okBody(await ann.call(httpContract.foods.list, { query: { limit: '5' } }));
    expect(list.every((food) => typeof food.checkLabel === 'boolean')).toBe(true);
  });

  it('answers a missing or too short search term with a 400 that says why', async () => {
    for (const query of [new URLSearchParams(), new URLSearchParams({ q: '' }), new URLSearchParams({ q: ' g ' })]) {
      const res = await ann.send(httpContract.foods.search, { query });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: Messages.searchTermTooShort });
    }
  });

  it('answers an id that is not a positive whole number with a 400 and an unknown one with a 404', async () => {
    expect((await ann.call(httpContract.foods.get, { params: { id: 'abc' } })).body).toEqual({ message: Messages.foodIdInvalid });
    expect((await ann.call(httpContract.foods.get, { params: { id: '0' } })).status).toBe(400);
    const missing = await ann.call(httpContract.foods.get, { params: { id: 2000000000 } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: Messages.foodNotFound });
  });

  it('shows a private food to its creator alone', async () => {
    const created = await ann.call(httpContract.foods.quickAdd, { body: { name: '  Ann’s overnight oats ', fodmapRating: 'low', servingSize: '1 jar', foodType: 'grain', description: '' } });
    expect(created.status).toBe(201);
    const oats = okBody(created);
    expect(oats).toMatchObject({ name: 'Ann’s overnight oats', fodmapRating: 'low', servingSize: '1 jar', foodType: 'grain', description: null, isPrivate: true });
    expect(oats.id).toEqual(expect.any(Number));
    expect(oats).toMatchObject({ ratingExplanation: null, fodmapGroups: [], portion: null, checkLabel: false });

    const annSearch = okBody(await ann.call(httpContract.foods.search, { query: { q: 'overnight oat' } }));
    expect(annSearch[0]).toMatchObject({ id: oats.id });
    const bobSearch = okBody(await bob.call(httpContract.foods.search, { query: { q: 'overnight oat' } }));
    expect(bobSearch.map((food) => food.id)).not.toContain(oats.id);

    const annList = okBody(await ann.call(httpContract.foods.list));
    expect(annList[0]).toMatchObject({ id: oats.id, isPrivate: true });
    expect(annList.filter((food) => !food.isPrivate).length).toBeGreaterThan(0);
    const bobList = okBody(await bob.call(httpContract.foods.list));
    expect(bobList.map((food) => food.id)).not.toContain(oats.id);

    expect((await ann.call(httpContract.foods.get, { params: { id: oats.id } })).body).toEqual(oats);
    const bobGet = await bob.call(httpContract.foods.get, { params: { id: oats.id } });
    expect(bobGet.status).toBe(404);
    expect(bobGet.body).toEqual({ message: Messages.foodNotFound });
  });

  it('validates a new food with the New Food form messages', async () => {
    const noName = await ann.call(httpContract.foods.quickAdd, { body: { name: '   ', fodmapRating: 'low' } });
    expect(noName.status).toBe(400);
    expect(noName.body).toEqual({ message: Messages.foodNameRequired });
    const noRating = await ann.send(httpContract.foods.quickAdd, { body: { name: 'Soup' } });
    expect(noRating.status).toBe(400);
    expect(noRating.body).toEqual({ message: Messages.fodmapRatingRequired });
  });
});

describe('GET /api/foods/catalogue and GET /api/foods/whats-new', () => {
  it('tells a signed-in person which catalogue release the ratings come from, and its note only in brief', async () => {
    const { api } = await registerUser('catalogue');
    const res = await api.call(httpContract.foods.catalogue);
    expectOk(res);
    expect(res.body.version).toMatch(/^\d{4}\.\d{2}\.\d+$/);
    expect(res.body.foodCount).toBeGreaterThanOrEqual(890);
    // Food Search reads this on every visit: the version line and whether to link to the note, never the note itself
    expect(JSON.stringify(res.body).length).toBeLessThan(500);
    const { version, whatsNew } = okBody(res);
    expect(res.body).toHaveProperty('whatsNew');
    if (whatsNew) expect(Object.keys(whatsNew).sort()).toEqual(['changeCount', 'date', 'version']);
    expect([null, version]).toContain(whatsNew?.version ?? null);

    // 'What's new in the food data': the whole note of the release being served, or a 404 while the data has none
    const notes = await api.call(httpContract.foods.whatsNew);
    if (whatsNew) {
      expect(notes.status).toBe(200);
      const note = okBody(notes);
      expect({ version: note.version, date: note.date, changeCount: note.changes.length }).toEqual(whatsNew);
      expect(note.summary.length).toBeGreaterThan(0);
    } else {
      expect(notes.status).toBe(404);
      expect(notes.body).toEqual({ message: Messages.catalogueNotesNotFound });
    }
  });
});
