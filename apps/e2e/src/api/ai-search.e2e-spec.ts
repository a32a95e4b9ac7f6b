import { AI_SEARCH, AiSearchMessages, httpContract } from '@fodmap/contracts';
import { scriptFakeOpenAi } from '@fodmap/testing';
import { describe, expect, it } from '@jest/globals';
import { ApiSession, expectOk, okBody, registerUser, waitForEmail } from '../support/api';
import { provided } from '../support/provided';

const noComponents = { fructans: null, galactans: null, excessFructose: null, sorbitol: null, mannitol: null, xylitol: null, lactose: null };
const researched = (name: string) => ({
  name,
  foodType: 'fruit',
  summary: 'Low FODMAP at 1 cup.',
  servingSize: '1 cup (150 g)',
  fodmapRating: 'low',
  componentsPer100g: noComponents,
  ibsTriggers: [],
  ibdTrigger: false,
  sources: [{ title: 'Monash University FODMAP app', url: 'https://www.monashfodmap.com/' }],
  confidence: 85,
});

describe('AI food search (issue 11), the whole product against a fake OpenAI', () => {
  it('answers only a signed-in person, and validates the query', async () => {
    expect((await new ApiSession().call(httpContract.foods.aiSearch, { body: { query: 'banana' } })).status).toBe(401);
    const { api } = await registerUser('ai-validate');
    const empty = await api.call(httpContract.foods.aiSearch, { body: { query: '  ' } });
    expect(empty).toMatchObject({ status: 400, body: { message: 'Please enter a food to search for' } });
  });

  it("finds a misspelt catalogue food and suggests the spelling ('bananna')", async () => {
    const { api } = await registerUser('ai-typo');
    const res = await api.call(httpContract.foods.aiSearch, { body: { query: 'bananna' } });
    expectOk(res);
    expect(res.body).toMatchObject({ status: 'found', source: 'catalogue', result: { isPrivate: false } });
    expect(res.body.result?.name).toMatch(/^Banana/);
    expect(res.body.spellingCorrections.suggestions).toContain('Banana');
  });

  it('saves what the model found as the asker\'s private food, which no one else sees', async () => {
    const query = `Dragon fruit e2e ${Date.now()}`;
    await scriptFakeOpenAi(provided('openAiUrl'), query, { kind: 'answer', answer: researched(query) });
    const { api } = await registerUser('ai-found');
    const res = await api.call(httpContract.foods.aiSearch, { body: { query } });
    expect(res.body).toMatchObject({ status: 'found', source: 'ai', result: { name: query, isPrivate: true, needsVerification: true, confidenceScore: AI_SEARCH.maxConfidence } });
    const found = okBody(res).result;
    if (!found) throw new Error('The model answered, yet no food was saved');
    const other = (await registerUser('ai-other')).api;
    expect((await other.call(httpContract.foods.get, { params: { id: found.id } })).status).toBe(404);
  });

  it('queues a background search and emails the person a link to the food in Food Search', async () => {
    const query = `Jackfruit e2e ${Date.now()}`;
    await scriptFakeOpenAi(provided('openAiUrl'), query, { kind: 'answer', answer: researched(query) });
    const { api, email } = await registerUser('ai-background', 'Bea');
    const res = await api.call(httpContract.foods.backgroundSearch, { body: { query } });
    expect(res).toMatchObject({ status: 202, body: { message: AiSearchMessages.backgroundQueued } });
    const mail = await waitForEmail(email, 30_000, (message) => message.subject.startsWith('We found'));
    expect(mail.subject).toBe(`We found ${query}`);
    expect(mail.text).toContain('Hi Bea,');
    expect(mail.text).toContain(`${provided('gatewayUrl')}/search?q=${encodeURIComponent(query)}`);
  });

  it(`refuses a person's ${AI_SEARCH.perMinute + 1}th search in a minute with 429 and the limit message`, async () => {
    const { api } = await registerUser('ai-limit');
    const statuses = await Promise.all(Array.from({ length: AI_SEARCH.perMinute + 3 }, () => api.call(httpContract.foods.aiSearch, { body: { query: 'garlic' } })));
    expect(statuses.filter((res) => res.status === 200)).toHaveLength(AI_SEARCH.perMinute);
    const refused = statuses.find((res) => res.status === 429);
    expect(refused?.body).toEqual({ message: AiSearchMessages.tooMany(60) });
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
