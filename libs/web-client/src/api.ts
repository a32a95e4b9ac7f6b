import { Messages, type HttpMethod } from '@fodmap/contracts';

/**
 * A non-OK answer from the API. The message follows spec §8 (`{status}: {detail}`); status and detail are kept
 * apart so screens can show the server's own words and recognise a 401 without parsing the message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** the response's own status text: the Insights activity read reports it (spec §8) */
    readonly statusText = '',
  ) {
    super(`${status}: ${detail}`);
    this.name = 'ApiError';
  }
}

const looksLikeHtml = (text: string) => /^\s*(<!doctype html|<html)/i.test(text);

function detailFromJson(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message, error } = body as { message?: unknown; error?: unknown };
  const candidate = message ?? error;
  if (typeof candidate === 'string') return candidate;
  // Validation layers may answer with a list of messages; every one of them is useful to the reader.
  if (Array.isArray(candidate) && candidate.every((item) => typeof item === 'string')) return candidate.join(', ');
  return undefined;
}

async function errorDetail(response: Response): Promise<string> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return response.statusText;
  }
  if (!text.trim()) return response.statusText;
  try {
    return detailFromJson(JSON.parse(text)) ?? response.statusText;
  } catch {
    return looksLikeHtml(text) ? Messages.htmlInsteadOfJson : text;
  }
}

/** A fresh Idempotency-Key; getRandomValues works on plain-HTTP pages too, where crypto.randomUUID does not exist. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** How long to wait before sending a POST again whose answer was lost on the way (a phone between networks). */
export const RETRY_DELAY_MS = 1000;

/** A request as it goes out: the client (client.ts) has already filled in the path and query and encoded the body. */
export interface OutgoingRequest {
  method: HttpMethod;
  url: string;
  /** a JSON text, or a multipart form whose boundary the browser sets */
  body?: string | FormData;
  idempotencyKey?: string;
}

/**
 * The one fetch of the SPAs (spec §7, §8): JSON in and out, the session cookie always sent.
 * A create passes an Idempotency-Key (newIdempotencyKey(), one per user action): it is sent as a header, and when the
 * network fails before an answer arrives the request is sent once more with the same key; if the first one did reach
 * the server, the server answers what it created instead of creating it twice. Without a key nothing is resent: a
 * sign-in, a reset or an upload sent twice is not the same as sent once.
 * Answers `unknown`: the typed client (callRoute) gives it the type its route declares.
 */
export async function send(request: OutgoingRequest): Promise<unknown> {
  return (await exchange(request)).body;
}

/** An answer's JSON with its headers: a paged list's next page is in one (`Link`, issue 20). */
export interface IncomingAnswer {
  body: unknown;
  headers: Headers;
}

/** send(), keeping the answer's headers. */
export async function exchange({ method, url, body, idempotencyKey }: OutgoingRequest): Promise<IncomingAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (typeof body === 'string') headers['Content-Type'] = 'application/json';
  if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;

  const init: RequestInit = { method, headers, body, credentials: 'include' };
  const response = await fetch(url, init).catch(async (error: unknown) => {
    if (idempotencyKey === undefined) throw error;
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    return fetch(url, init);
  });

  if (!response.ok) throw new ApiError(response.status, await errorDetail(response), response.statusText);

  const type = response.headers.get('content-type') ?? '';
  // application/json and its +json variants (problem+json) are all JSON.
  if (!/json/i.test(type)) throw new Error(Messages.expectedJson(type || 'unknown'));
  return { body: await response.json(), headers: response.headers };
}

/** A file the API answered (an export): its bytes, and the name the server gave it in Content-Disposition. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** Fetches a file with the session cookie; a failure is an ApiError with the server's words, as for JSON. */
export async function receiveFile(url: string): Promise<DownloadedFile> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, await errorDetail(response), response.statusText);
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}

export const isUnauthorized = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 401;

/** Issue 11: the account's trial or subscription has ended, so the server refuses to create or analyse (402). */
export const isPaymentRequired = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 402;

/** The server's own words for a failure, or the fallback the spec names when there are none. */
export const serverMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.detail.trim() ? error.detail : fallback;
