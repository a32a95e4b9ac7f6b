import { Messages } from '@fodmap/contracts';
import express, { ErrorRequestHandler, Express } from 'express';

/** body-parser's error types, each with what the client did wrong; framing errors are the client's, never a 500. */
const PARSE_FAILURES: Record<string, [number, string]> = {
  'entity.parse.failed': [400, Messages.malformedJson],
  'entity.too.large': [413, Messages.bodyTooLarge],
  'charset.unsupported': [415, Messages.unsupportedCharset],
  'encoding.unsupported': [415, Messages.unsupportedEncoding],
};

/**
 * JSON bodies: UTF-8 only (charset=latin1 is a 415), identity/gzip/deflate/br encodings, 100 KB. Every refusal is JSON
 * `{ message }`. NUL bytes and lone surrogates are refused by the shared schemas' `text()`, which names the field.
 */
export function useJsonBodies(app: Express): void {
  app.use(express.json({ limit: '100kb' }));
  const onParseError: ErrorRequestHandler = (error: { type?: string; status?: number }, _req, res, next) => {
    const known = error.type ? PARSE_FAILURES[error.type] : undefined;
    if (known) return void res.status(known[0]).json({ message: known[1] });
    // A gzip body that is not gzip, a body shorter than its Content-Length: body-parser says 400 without a type.
    if (error.status !== undefined && error.status >= 400 && error.status < 500) return void res.status(400).json({ message: Messages.malformedBody });
    next(error);
  };
  app.use(onParseError);
}
