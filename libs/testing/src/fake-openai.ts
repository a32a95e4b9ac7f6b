import { once } from 'node:events';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/** What the fake answers a search for one food with. */
export type FakeOpenAiScript =
  | { kind: 'answer'; answer: object }
  | { kind: 'slow'; delayMs: number; answer: object }
  | { kind: 'status'; status: 429 | 500 }
  | { kind: 'malformed' };

/** A chat completion request as the fake received it. */
export interface FakeOpenAiRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
  /** The food named between <food> tags of the last user message, decoded. */
  food: string | null;
}

/**
 * A local stand-in for the OpenAI API's POST /v1/chat/completions, for the real `openai` client (baseURL
 * `${url}/v1`): answers per food as scripted, with the JSON-schema output the client asked for, a slow answer, an
 * error status or a malformed body, and keeps every request so tests can check what was sent.
 */
export class FakeOpenAi {
  readonly requests: FakeOpenAiRequest[] = [];
  private readonly scripts = new Map<string, FakeOpenAiScript>();
  private readonly server: Server;
  private readonly pending = new Set<ServerResponse>();

  private constructor() {
    this.server = createServer((request, response) => void this.handle(request, response));
  }

  static async start(): Promise<FakeOpenAi> {
    const fake = new FakeOpenAi();
    fake.server.listen(0, '127.0.0.1');
    await once(fake.server, 'listening');
    return fake;
  }

  /** The client's baseURL. */
  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /**
   * Foods without a script are answered with a name only: no sources, rating unknown. Another process (a test of a
   * stack whose fake runs in the global setup) scripts with POST `${url}/scripts` {food, script}: see scriptFakeOpenAi.
   */
  script(food: string, script: FakeOpenAiScript): void {
    this.scripts.set(food, script);
  }

  async stop(): Promise<void> {
    for (const response of this.pending) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method === 'POST' && request.url === '/scripts') {
      const { food, script } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { food: string; script: FakeOpenAiScript };
      this.script(food, script);
      return this.send(response, 204, {});
    }
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') return this.send(response, 404, { error: { message: 'Not found' } });
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Omit<FakeOpenAiRequest, 'food'>;
    const last = [...body.messages].reverse().find((message) => message.role === 'user');
    const tagged = last?.content.match(/<food>([\s\S]*)<\/food>/);
    const food = tagged ? (JSON.parse(tagged[1]) as string) : null;
    this.requests.push({ ...body, food });

    const script = (food !== null && this.scripts.get(food)) || { kind: 'answer', answer: nameOnly(food ?? '') };
    if (script.kind === 'status') return this.send(response, script.status, { error: { message: `scripted ${script.status}`, type: 'server_error' } });
    if (script.kind === 'malformed') return this.complete(response, body.model, '{"name": "cut off');
    if (script.kind === 'slow') {
      this.pending.add(response);
      await new Promise((resolve) => setTimeout(resolve, script.delayMs));
      this.pending.delete(response);
      if (response.destroyed) return;
    }
    return this.complete(response, body.model, JSON.stringify(script.answer));
  }

  private complete(response: ServerResponse, model: string, content: string): void {
    this.send(response, 200, {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  }

  private send(response: ServerResponse, status: number, body: object): void {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }
}

/** Scripts the fake at `baseUrl` (its /v1 address) from another process. */
export async function scriptFakeOpenAi(baseUrl: string, food: string, script: FakeOpenAiScript): Promise<void> {
  const response = await fetch(`${baseUrl.replace(/\/v1$/, '')}/scripts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ food, script }) });
  if (response.status !== 204) throw new Error(`Scripting the fake OpenAI failed: ${response.status}`);
}

/** An answer establishing only the food's name. */
function nameOnly(food: string): object {
  return {
    name: food,
    foodType: 'other',
    summary: 'Nothing is published about this food.',
    servingSize: null,
    fodmapRating: 'unknown',
    componentsPer100g: { fructans: null, galactans: null, excessFructose: null, sorbitol: null, mannitol: null, xylitol: null, lactose: null },
    ibsTriggers: [],
    ibdTrigger: false,
    sources: [],
    confidence: 0,
  };
}
