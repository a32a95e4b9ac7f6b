import { EDUCATION_CATEGORIES, EDUCATION_FALLBACKS, Messages, httpContract } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { ApiSession, okBody, registerUser } from '../support/api';

describe('GET /api/education', () => {
  it('serves at least 8 readable articles with sources, the dashboard’s two first', async () => {
    const { api } = await registerUser('education');
    const res = await api.call(httpContract.dashboard.education);
    expect(res.status).toBe(200);
    const items = okBody(res);
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(items.slice(0, 2).map(({ title, readTime }) => ({ title, readTime }))).toEqual(EDUCATION_FALLBACKS);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    for (const item of items) {
      expect(item).toEqual({
        id: expect.stringMatching(/^[a-z0-9-]+$/),
        title: expect.any(String),
        summary: expect.any(String),
        readTime: expect.any(Number),
        category: expect.stringMatching(new RegExp(`^(${EDUCATION_CATEGORIES.join('|')})$`)),
        body: expect.any(Array),
        sources: expect.any(Array),
      });
      expect(item.readTime).toBeGreaterThan(0);
      expect(item.body.length).toBeGreaterThan(0);
      expect(item.sources.length).toBeGreaterThan(0);
      for (const source of item.sources) expect(source.url).toMatch(/^https:\/\//);
    }
    // Issue 7: the topics every person on the diet needs.
    const titles = items.map((item) => item.title.toLowerCase()).join(' | ');
    for (const topic of [/fodmap/, /stacking/, /phase|reintroduc/, /meal prep/, /label/, /eating out|restaurant/, /flare|ibd/, /doctor/]) expect(titles).toMatch(topic);
  });

  it('is for signed-in people only', async () => {
    expect(await new ApiSession().call(httpContract.dashboard.education)).toMatchObject({ status: 401, body: { message: Messages.unauthorized } });
  });
});
