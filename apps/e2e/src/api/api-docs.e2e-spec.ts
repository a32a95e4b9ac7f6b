import { contractRoutes, platformRoutes } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { ApiSession, okBody } from '../support/api';

const docs = platformRoutes.docs.path;

describe('the API reference', () => {
  it('serves the OpenAPI 3.1 document of every contract route', async () => {
    const res = await new ApiSession().call(platformRoutes.openApi);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const document = okBody(res);
    expect(document.openapi).toBe('3.1.0');
    const listed = Object.values(document.paths).flatMap((operations) => (typeof operations === 'object' && operations !== null ? Object.keys(operations) : []));
    expect(listed.length).toBe(contractRoutes().length);
  });

  it('serves the reference page, whose scripts and styles all come from the gateway itself, none inline', async () => {
    const api = new ApiSession();
    const page = await fetch(api.baseUrl + docs);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url);
    expect(assets).toEqual([`${docs}/swagger-ui.css`, `${docs}/swagger-ui-bundle.js`, `${docs}/docs.js`]);
    expect(html).not.toMatch(/<script>/);
    for (const asset of assets) {
      const res = await fetch(api.baseUrl + asset);
      expect({ asset, status: res.status, type: res.headers.get('content-type') }).toEqual({ asset, status: 200, type: expect.stringMatching(/text\/(css|javascript)/) });
    }
    expect(await (await fetch(`${api.baseUrl}${docs}/docs.js`)).text()).toContain(`url: '${platformRoutes.openApi.path}'`);
  });

  it('serves no other file of the viewer package', async () => {
    const res = await new ApiSession().raw('GET', `${docs}/swagger-initializer.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });
});
