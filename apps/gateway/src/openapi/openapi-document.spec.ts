import { describe, expect, it } from '@jest/globals';
import { compileErrors, validate } from '@readme/openapi-parser';
import { contractRoutes, mealRoutes } from '@fodmap/contracts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApiDocument } from './openapi-document';

/** The document as /api/openapi.json serves it, read back by the validator from a file. */
function servedFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(openApiDocument()));
  return file;
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(servedFile());
    expect(result.valid ? 'valid' : compileErrors(result)).toBe('valid');
    expect(result.specification).toBe('OpenAPI');
    expect(openApiDocument().openapi).toBe('3.1.0');
  });

  it('lists every contract route once, by method and path', () => {
    const { paths } = openApiDocument();
    const listed = Object.entries(paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    const contract = contractRoutes().map(({ route }) => `${route.method} ${route.path.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    expect(listed.sort()).toEqual(contract.sort());
  });

  it("describes a route's parameters, body, answer, errors and who may call it", () => {
    const addFood = openApiDocument().paths['/api/meals/{id}/foods']?.post;
    expect(addFood).toMatchObject({
      operationId: 'meals.addFood',
      security: [{ session: [] }],
      'x-gated': true,
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
        { name: 'idempotency-key', in: 'header', required: false },
      ],
      requestBody: {
        content: { 'application/json': { schema: { type: 'object', required: ['foodId', 'quantity', 'servingUnit'] }, example: mealRoutes.addFood.example } },
      },
    });
    expect(Object.keys(addFood?.responses ?? {})).toEqual(['201', '400', '401', '402', '404', '409', '429', '503', '504']);
    expect(addFood?.responses['402']).toEqual({ $ref: '#/components/responses/Error402' });
  });

  it('describes a file answer by each media type it may come as (the export: JSON or a zip)', () => {
    const exported = openApiDocument().paths['/api/account/export']?.get;
    expect(exported?.responses['200']).toEqual({
      description: 'The file, as one of application/json, application/zip',
      content: {
        'application/json': { schema: { type: 'string', contentMediaType: 'application/json' } },
        'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } },
      },
    });
    expect(Object.keys(exported?.responses ?? {})).toEqual(['200', '400', '401', '429', '503', '504']);
  });

  it('lists query parameters with whether each is required, and no sign-in for a visitor route', () => {
    const document = openApiDocument();
    expect(document.paths['/api/meals']?.get?.parameters.map(({ name, in: where, required }) => ({ name, where, required }))).toEqual([
      { name: 'todayOnly', where: 'query', required: false },
      { name: 'date', where: 'query', required: false },
      { name: 'limit', where: 'query', required: false },
      { name: 'cursor', where: 'query', required: false },
    ]);
    expect(document.paths['/api/log-symptom']?.get?.parameters).toMatchObject([{ name: 'token', in: 'query', required: true }]);
    expect(document.paths['/api/domain-config']?.get?.security).toEqual([]);
  });

  it('answers every error with a { message } body, and names the session cookie as the way to sign in', () => {
    const { components } = openApiDocument();
    for (const status of [400, 401, 402, 403, 404, 409, 429, 503]) {
      expect(components.responses[`Error${status}`]?.content?.['application/json']).toMatchObject({ schema: { $ref: '#/components/schemas/Error' }, example: { message: expect.any(String) } });
    }
    expect(components.schemas.Error).toEqual({ type: 'object', required: ['message'], properties: { message: { type: 'string' } } });
    expect(components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'fodmap.sid' });
  });
});
