import {
  contractRoutes,
  ErrorStatus,
  IDEMPOTENCY_KEY_HEADER,
  JournalMessages,
  Messages,
  NotificationsMessages,
  RouteDefinition,
  routeErrors,
  SubscriptionMessages,
} from '@fodmap/contracts';
// zod-to-json-schema is typed against 'zod/v3', which TypeScript reads from other declaration files than 'zod' (.d.ts, not
// .d.cts) although both are the same classes at run time: comparing the two copies of the types gives up (TS2589), so a
// contract schema enters here as `unknown` and is narrowed with `instanceof` (see `v3`).
import { ZodEffects, ZodObject, ZodType, type ZodTypeAny } from 'zod/v3';
import { JsonSchema7Type, zodToJsonSchema } from 'zod-to-json-schema';
import { SESSION_COOKIE } from '../auth/session';

// The few shapes of OpenAPI 3.1 this document uses (openapi-types' 3.1 schema types reject JSON Schema's own).
type Schema = JsonSchema7Type | { $ref: string } | { type: 'string'; contentMediaType: string } | { type: 'object'; required: string[]; properties: Record<string, Schema> };
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: Schema;
}
interface Content {
  [mediaType: string]: { schema: Schema; example?: unknown };
}
interface RequestBody {
  required: true;
  content: Content;
}
interface Response {
  description: string;
  headers?: Record<string, { schema: Schema }>;
  content?: Content;
}
interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  'x-access': RouteDefinition['access'];
  'x-gated'?: true;
  security: Record<string, string[]>[];
  parameters: Parameter[];
  requestBody?: RequestBody;
  responses: Record<string, Response | { $ref: string }>;
}
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  paths: Record<string, Partial<Record<Lowercase<RouteDefinition['method']>, Operation>>>;
  components: {
    securitySchemes: Record<string, { type: 'apiKey'; in: 'cookie'; name: string; description: string }>;
    schemas: Record<string, Schema>;
    responses: Record<string, Response>;
  };
}

const METHODS = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' } as const;

/** What each error status means here; every one answers `{ message }`, the sentence the person is shown (an example of each). */
const ERRORS: Record<ErrorStatus, { description: string; example: string }> = {
  400: { description: 'Invalid request: the message names the first broken rule', example: JournalMessages.mealTimestampFuture },
  401: { description: 'Not signed in, or the session ended', example: Messages.unauthorized },
  402: { description: 'The trial or subscription has expired: creating and correcting entries, insights and AI search are refused', example: SubscriptionMessages.expiredGated },
  403: { description: 'Not allowed: not an admin, or a state-changing request from another site', example: Messages.adminOnly },
  404: { description: "Not found, or not the caller's", example: Messages.mealNotFound },
  409: { description: 'Conflicts with the current state (a completed or deleted meal, a used link, a taken email)', example: JournalMessages.mealIsCompleted },
  410: { description: 'The link has expired', example: NotificationsMessages.linkExpired },
  413: { description: 'The upload is too large', example: Messages.photoTooLarge },
  429: { description: 'Too many requests: `Retry-After` says in how many seconds to try again', example: Messages.tooManyLoginAttempts(60) },
  503: { description: 'A service is unavailable or not configured: `Retry-After` when it is worth trying again', example: Messages.serviceUnavailable('journal') },
  504: { description: 'A service did not answer in time (the change may still have been made)', example: Messages.serviceTimeout('journal') },
};

/**
 * A zod schema as JSON Schema, inlined, as a client sends it (before transforms). Draft 7's keywords, as these schemas
 * use them (no tuples, no references), mean the same in 2020-12, OpenAPI 3.1's dialect; `$schema` is left out.
 */
function jsonSchema(schema: unknown): JsonSchema7Type {
  const converted = zodToJsonSchema(v3(schema), { $refStrategy: 'none', effectStrategy: 'input', pipeStrategy: 'input' });
  delete converted.$schema;
  return converted;
}

function v3(schema: unknown): ZodTypeAny {
  if (schema instanceof ZodType) return schema;
  throw new Error('A contract schema is not a zod schema');
}

/** The fields of a query schema: an object, perhaps refined as a whole (`mealListQuerySchema`). */
function queryFields(schema: unknown): Record<string, ZodTypeAny> {
  const query = v3(schema);
  if (query instanceof ZodEffects) return queryFields(query.innerType());
  return query instanceof ZodObject ? query.shape : {};
}

function parameters(route: RouteDefinition): Parameter[] {
  const path = Object.entries<unknown>(route.params ?? {}).map(([name, schema]): Parameter => ({ name, in: 'path', required: true, schema: jsonSchema(schema) }));
  const queries = Object.entries(route.query ? queryFields(route.query) : {}).map(
    ([name, schema]): Parameter => ({ name, in: 'query', required: !schema.isOptional(), schema: jsonSchema(schema) }),
  );
  const idempotency: Parameter[] = route.idempotent
    ? [{ name: IDEMPOTENCY_KEY_HEADER, in: 'header', required: false, description: "A retry with the same key answers the first request's result", schema: { type: 'string' } }]
    : [];
  return [...path, ...queries, ...idempotency];
}

function requestBody(route: RouteDefinition): RequestBody | undefined {
  if (route.upload) {
    const form: Schema = { type: 'object', required: [route.upload], properties: { [route.upload]: { type: 'string', contentMediaType: 'application/octet-stream' } } };
    return { required: true, content: { 'multipart/form-data': { schema: form } } };
  }
  if (!route.body) return undefined;
  return { required: true, content: { 'application/json': { schema: jsonSchema(route.body), ...(route.example === undefined ? {} : { example: route.example }) } } };
}

function success(route: RouteDefinition): Response {
  const reply = route.response;
  if (reply.kind === 'redirect') return { description: 'Redirect', headers: { Location: { schema: { type: 'string' } } } };
  if (reply.kind === 'file') {
    const content: Content = Object.fromEntries(reply.mediaTypes.map((mediaType) => [mediaType, { schema: { type: 'string' as const, contentMediaType: mediaType } }]));
    return { description: reply.mediaTypes.length > 1 ? `The file, as one of ${reply.mediaTypes.join(', ')}` : 'The file', content };
  }
  const schema: Schema = reply.schema ? jsonSchema(reply.schema) : { type: 'object' };
  return { description: route.summary, content: { 'application/json': { schema, ...(reply.example === undefined ? {} : { example: reply.example }) } } };
}

function operation(area: string, name: string, route: RouteDefinition): Operation {
  const signedIn = route.access === 'signedIn' || route.access === 'admin';
  const responses: Operation['responses'] = { [String(route.response.status)]: success(route) };
  for (const status of routeErrors(route)) responses[String(status)] = { $ref: `#/components/responses/Error${status}` };
  const body = requestBody(route);
  return {
    operationId: `${area}.${name}`,
    tags: [area],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    'x-access': route.access,
    ...(route.gated ? { 'x-gated': true } : {}),
    security: signedIn ? [{ session: [] }] : [],
    parameters: parameters(route),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

/** The contract as an OpenAPI 3.1 document: every route, its schemas, its answers and errors, and the session cookie. */
export function openApiDocument(): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const { area, name, route } of contractRoutes()) {
    const path = route.path.replace(/:([A-Za-z]+)/g, '{$1}');
    paths[path] = { ...paths[path], [METHODS[route.method]]: operation(area, name, route) };
  }
  const errorBody: Schema = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } };
  const responses = Object.fromEntries(
    Object.entries(ERRORS).map(([status, { description, example }]): [string, Response] => [
      `Error${status}`,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: { message: example } } } },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'FODMAP Journal API',
      version: '1.0.0',
      description:
        'Every /api route of the gateway, generated from the one HTTP contract in libs/contracts/src/http. A signed-in call carries the session cookie the sign-in set; a state-changing call from a browser must come from the app\'s own origin.',
    },
    tags: [...new Set(contractRoutes().map(({ area }) => area))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by sign-up or sign-in; HttpOnly, SameSite=Lax' } },
      schemas: { Error: errorBody },
      responses,
    },
  };
}
