import { type FileReply, type Food, httpContract, pathTo, type PathParamNames, type RouteBody, type RouteDefinition, type RouteParams, type RouteQuery, type RouteResponse, type User } from '@fodmap/contracts';
import { provided } from './provided';

/** Every /api error is JSON `{ message }` (README 'Security policy'). */
export interface ErrorBody {
  message: string;
}

/**
 * What a route answered: on the route's own success status its typed answer, otherwise `{ message }`. `ok` tells them
 * apart; `expectOk`/`okBody` and `expectFailure` assert the status and narrow, so a test reads fields only after it has
 * asserted what the person saw.
 */
export type Answer<T> = { ok: true; status: number; body: T; headers: Headers } | { ok: false; status: number; body: ErrorBody; headers: Headers };

type ParamsInput<R extends RouteDefinition> = [PathParamNames<R['path']>] extends [never] ? { params?: undefined } : { params: RouteParams<R> };
type BodyInput<R extends RouteDefinition> = R extends { upload: string } ? { body: FormData } : R extends { body: object } ? { body: RouteBody<R> } : { body?: undefined };
type QueryInput<R extends RouteDefinition> = R extends { query: object } ? { query?: RouteQuery<R> } : { query?: undefined };

/** A call as the contract types it: the route's path parameters, its query and its body, and any extra headers. */
export type CallInput<R extends RouteDefinition> = ParamsInput<R> & BodyInput<R> & QueryInput<R> & { headers?: Record<string, string> };

/** What any request answered, before the contract says what it is. */
export interface RawAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** The same call with any body and query: for a test of how a route refuses what its types do not allow. */
export interface LooseInput<R extends RouteDefinition> {
  params?: RouteParams<R>;
  /** URLSearchParams for a name given twice. */
  query?: Record<string, string | number | boolean> | URLSearchParams;
  body?: unknown;
  headers?: Record<string, string>;
}

/** `{}` is a CallInput only when the route needs no parameter and no body. */
export type CallArguments<R extends RouteDefinition> = Record<string, never> extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/** A person using the API from the app's own pages: one cookie jar, JSON in and out, the app's Origin on every request. */
export class ApiSession {
  private readonly cookies = new Map<string, string>();
  readonly baseUrl = provided('gatewayUrl');

  /** A route of the contract (`httpContract.meals.complete`), its path built from `params`, its answer typed. */
  call<R extends RouteDefinition>(route: R, ...[input]: CallArguments<R>): Promise<Answer<RouteResponse<R>>> {
    return this.send(route, input ?? {});
  }

  /** A route of the contract sent a body or query its types forbid (a wrong type, a missing or unknown field, text that is not JSON). */
  async send<R extends RouteDefinition>(route: R, input: LooseInput<R>): Promise<Answer<RouteResponse<R>>> {
    const { status, body, headers } = await this.fetch(route.method, requestPath(route, input), input.body, input.headers);
    // The answer's type is the contract's word for it, as the web client takes it: JSON is not checked against it here.
    return status === route.response.status ? { ok: true, status, body: body as RouteResponse<R>, headers } : { ok: false, status, body: errorBody(body), headers };
  }

  /**
   * A request the contract cannot express: odd casing, trailing slashes, unknown routes, wrong methods. Its answer is
   * left untyped: assert it whole (`toMatchObject({ status, body })`). A contract route sent a body that is not JSON
   * goes through `send` with a string body instead.
   */
  raw(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<RawAnswer> {
    return this.fetch(method, path, body, headers);
  }

  /** A route that answers a file (`file(…)` in the contract): its bytes as they came, not parsed; an error's bytes are its JSON. */
  async download<R extends RouteDefinition & { response: FileReply }>(route: R, input: LooseInput<R> = {}): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
    const response = await this.request(route.method, requestPath(route, input), input.body, input.headers);
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()), headers: response.headers };
  }

  private async fetch(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<RawAnswer> {
    const response = await this.request(method, path, body, headers);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  }

  /** Sends a request with the session's cookies and keeps the ones it answers with. */
  private async request(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const isForm = body instanceof FormData;
    const response = await fetch(this.baseUrl + path, {
      method,
      redirect: 'manual',
      headers: {
        Accept: 'application/json',
        Origin: this.baseUrl,
        ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
        ...(this.cookies.size > 0 ? { Cookie: this.cookieHeader } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      if (/Expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, pair);
    }
    return response;
  }

  /** The session cookie (`fodmap.sid=…`), or '' before the gateway set one. */
  get sessionCookie(): string {
    return this.cookies.get('fodmap.sid') ?? '';
  }
  get cookieHeader(): string {
    return [...this.cookies.values()].join('; ');
  }
}

/** The path of a call, its parameters filled in, with its query string. */
export function requestPath<R extends RouteDefinition>(route: R, input: LooseInput<R>): string {
  const path = input.params ? pathTo(route, input.params) : route.path;
  const query = input.query instanceof URLSearchParams ? input.query : new URLSearchParams(Object.entries(input.query ?? {}).map(([name, value]) => [name, String(value)]));
  return query.size > 0 ? `${path}?${query}` : path;
}

/** An error answer's `{ message }`; anything else (an empty body, HTML) keeps its text in the message, so an assertion on it fails readably. */
function errorBody(body: unknown): ErrorBody {
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') return { message: body.message };
  return { message: `not a JSON error body: ${JSON.stringify(body)}` };
}

/** Asserts the route's own success status (the contract's), so that the test may read the answer's fields. */
export function expectOk<T>(answer: Answer<T>): asserts answer is Extract<Answer<T>, { ok: true }> {
  if (!answer.ok) throw new Error(`Expected the route's success, got ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** The answer of a call that must succeed. */
export function okBody<T>(answer: Answer<T>): T {
  expectOk(answer);
  return answer.body;
}

/** Asserts an error status, so that the test may read its `{ message }`. */
export function expectFailure<T>(answer: Answer<T>, status: number): asserts answer is Extract<Answer<T>, { ok: false }> {
  if (answer.ok || answer.status !== status) throw new Error(`Expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** The `{ message }` of an answer that must be an error (its status asserted apart, or beside it). */
export function messageOf<T>(answer: Answer<T>): string {
  if (answer.ok) throw new Error(`Expected an error, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.message;
}

export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** How a test's person signs up: most confirm their address at once, as people do; `verified: false` leaves it unproven. */
export interface RegisterOptions {
  verified?: boolean;
}

export async function registerUser(
  label = 'person',
  firstName = 'Alex',
  timeZone = 'Europe/London',
  email = uniqueEmail(label),
  { verified = true }: RegisterOptions = {},
): Promise<{ api: ApiSession; email: string; password: string; user: User }> {
  const api = new ApiSession();
  const password = 'Correct-Horse-9';
  const res = await api.call(httpContract.auth.register, { body: { email, password, confirmPassword: password, firstName, lastName: 'Tester', timeZone } });
  if (!res.ok) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (!verified) return { api, email, password, user: res.body };
  await confirmEmail(api, email);
  return { api, email, password, user: okBody(await api.call(httpContract.account.user)) };
}

/** Opens the link of the confirmation email sent to the address, as its owner would (issue 20). */
export async function confirmEmail(api: ApiSession, address: string): Promise<void> {
  const token = await verificationTokenSentTo(address);
  const confirmed = await api.call(httpContract.auth.verifyEmail, { body: { token } });
  if (!confirmed.ok) throw new Error(`confirming ${address} failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
}

/** A catalogue food found as a person finds it, through the search, by its exact name. */
export async function catalogueFood(api: ApiSession, name: string): Promise<Food> {
  const res = await api.call(httpContract.foods.search, { query: { q: name } });
  const food = res.ok ? res.body.find((candidate) => candidate.name === name && !candidate.isPrivate) : undefined;
  if (!food) throw new Error(`The search for ${name} did not find it: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return food;
}

/**
 * The stack's first admin (ADMIN_EMAILS), signed in: registered and confirmed by the first test file that asks, signed
 * in after that.
 */
export async function signInFirstAdmin(): Promise<ApiSession> {
  const api = new ApiSession();
  const email = provided('adminEmail');
  const password = 'Admin-Horse-9';
  const registered = await api.call(httpContract.auth.register, { body: { email, password, confirmPassword: password, firstName: 'Ada', lastName: 'Admin' } });
  if (registered.ok) {
    await confirmEmail(api, email);
    return api;
  }
  const signedIn = await api.call(httpContract.auth.login, { body: { email, password } });
  if (!signedIn.ok) throw new Error(`signing in ${email} failed: ${registered.status}, then ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
  return api;
}

/**
 * A new signed-in admin, made as the product makes one: the first admin lists the address, then the person signs up
 * and (unless `verified: false`) confirms it, which gives them the entry's rights.
 */
export async function registerAdmin(label = 'admin', options: RegisterOptions = {}): Promise<{ api: ApiSession; email: string; adminUserId: number }> {
  const email = uniqueEmail(label);
  const listed = await (await signInFirstAdmin()).call(httpContract.admin.createAdminUser, { body: { email, firstName: 'Adam', lastName: 'Tester' } });
  if (!listed.ok) throw new Error(`listing ${email} as an admin failed: ${listed.status} ${JSON.stringify(listed.body)}`);
  const { api } = await registerUser(label, 'Adam', 'Europe/London', email, options);
  return { api, email, adminUserId: listed.body.id };
}

/** The emails the mail catcher received for an address, newest first. */
export async function emailsTo(address: string): Promise<Array<{ subject: string; text: string; html: string }>> {
  const response = await fetch(`${provided('mailUrl')}/api/messages`);
  const messages = (await response.json()) as Array<{ to: string | string[]; subject: string; text: string; html: string }>;
  return messages.filter((message) => JSON.stringify(message.to).toLowerCase().includes(address.toLowerCase()));
}

/** The token of the password reset link emailed to an address (the newest email). */
export async function resetTokenSentTo(address: string): Promise<string> {
  const mail = await waitForEmail(address, 20_000, (message) => /\/reset-password\?token=/.test(message.text));
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
  const token = link && new URL(link).searchParams.get('token');
  if (!token) throw new Error(`No reset link with a token in: ${mail.text}`);
  return token;
}

/** The token of the newest confirmation link emailed to an address (issue 20). */
export async function verificationTokenSentTo(address: string): Promise<string> {
  const mail = await waitForEmail(address, 20_000, (message) => /\/verify-email\?token=/.test(message.text));
  const link = mail.text.match(/https?:\/\/\S+\/verify-email\?token=[\w-]+/)?.[0];
  const token = link && new URL(link).searchParams.get('token');
  if (!token) throw new Error(`No confirmation link with a token in: ${mail.text}`);
  return token;
}

/** The newest email to an address (that `matches`, when given). */
export async function waitForEmail(address: string, timeoutMs = 20_000, matches: (message: { subject: string; text: string }) => boolean = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const latest = (await emailsTo(address)).find(matches);
    if (latest) return latest;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No email reached ${address} within ${timeoutMs / 1000} s`);
}
