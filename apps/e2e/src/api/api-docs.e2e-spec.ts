import { contractRoutes } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { provided } from '../support/provided';

const gateway = provided('gatewayUrl');

describe('the API reference', () => {
  it('serves the OpenAPI 3.1 document of every contract route', async () => {
    const res = await fetch(`${gateway}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const document: { openapi: string; paths: Record<string, Record<string, unknown>> } = await res.json();
    expect(document.openapi).toBe('3.1.0');
    const listed = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    expect(listed.length).toBe(contractRoutes().length);
  });

  it('serves /api/docs as a page whose scripts and styles all come from the gateway itself, none inline', async () => {
    const page = await fetch(`${gateway}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url);
    expect(assets).toEqual(['/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/docs.js']);
    expect(html).not.toMatch(/<script>/);
    for (const asset of assets) {
      const res = await fetch(gateway + asset);
      expect({ asset, status: res.status, type: res.headers.get('content-type') }).toEqual({ asset, status: 200, type: expect.stringMatching(/text\/(css|javascript)/) });
    }
    expect(await (await fetch(`${gateway}/api/docs/docs.js`)).text()).toContain("url: '/api/openapi.json'");
  });

  it('serves no other file of the viewer package', async () => {
    const res = await fetch(`${gateway}/api/docs/swagger-initializer.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });
});
