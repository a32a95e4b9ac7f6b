import type { Food } from '@fodmap/contracts';
import { provided } from './provided';

/** A person using the API from the app's own pages: one cookie jar, JSON in and out, the app's Origin on every request. */
export class ApiSession {
  private readonly cookies = new Map<string, string>();
  readonly baseUrl = provided('gatewayUrl');

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers }> {
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
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown) => this.request('POST', path, body ?? {});
  patch = (path: string, body: unknown) => this.request('PATCH', path, body);
  delete = (path: string) => this.request('DELETE', path);
  /** The session cookie (`fodmap.sid=…`), or '' before the gateway set one. */
  get sessionCookie(): string {
    return this.cookies.get('fodmap.sid') ?? '';
  }
  get cookieHeader(): string {
    return [...this.cookies.values()].join('; ');
  }
}

export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function registerUser(
  label = 'person',
  firstName = 'Alex',
  timeZone = 'Europe/London',
  email = uniqueEmail(label),
): Promise<{ api: ApiSession; email: string; password: string; user: any }> {
  const api = new ApiSession();
  const password = 'Correct-Horse-9';
  const res = await api.post('/api/auth/local/register', { email, password, confirmPassword: password, firstName, lastName: 'Tester', timeZone });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { api, email, password, user: res.body };
}

/** A catalogue food found as a person finds it, through the search, by its exact name. */
export async function catalogueFood(api: ApiSession, name: string): Promise<Food> {
  const res = await api.get(`/api/foods/search?q=${encodeURIComponent(name)}`);
  const food = (res.body as Food[]).find((candidate) => candidate.name === name && !candidate.isPrivate);
  if (!food) throw new Error(`The search for ${name} did not find it: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return food;
}

/** The stack's first admin (ADMIN_EMAILS), signed in: registered by the first test file that asks, signed in after that. */
export async function signInFirstAdmin(): Promise<ApiSession> {
  const api = new ApiSession();
  const email = provided('adminEmail');
  const password = 'Admin-Horse-9';
  const registered = await api.post('/api/auth/local/register', { email, password, confirmPassword: password, firstName: 'Ada', lastName: 'Admin' });
  if (registered.status === 201) return api;
  const signedIn = await api.post('/api/auth/local/login', { email, password });
  if (signedIn.status !== 200) throw new Error(`signing in ${email} failed: ${registered.status}, then ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
  return api;
}

/** A new signed-in admin, made as the product makes one: the first admin lists the address, then the person signs up. */
export async function registerAdmin(label = 'admin'): Promise<{ api: ApiSession; email: string; adminUserId: number }> {
  const email = uniqueEmail(label);
  const listed = await (await signInFirstAdmin()).post('/api/admin/admin-users', { email, firstName: 'Adam', lastName: 'Tester' });
  if (listed.status !== 201) throw new Error(`listing ${email} as an admin failed: ${listed.status} ${JSON.stringify(listed.body)}`);
  const { api } = await registerUser(label, 'Adam', 'Europe/London', email);
  return { api, email, adminUserId: listed.body.id };
}

/** The emails the mail catcher received for an address, newest first. */
export async function emailsTo(address: string): Promise<Array<{ subject: string; text: string; html: string }>> {
  const response = await fetch(`${provided('mailUrl')}/api/messages`);
  const messages = (await response.json()) as Array<{ to: string | string[]; subject: string; text: string; html: string }>;
  return messages.filter((message) => JSON.stringify(message.to).toLowerCase().includes(address.toLowerCase()));
}

export async function waitForEmail(address: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [latest] = await emailsTo(address);
    if (latest) return latest;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No email reached ${address} within ${timeoutMs / 1000} s`);
}
