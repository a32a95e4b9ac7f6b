import { Messages } from '@fodmap/contracts';
import express, { ErrorRequestHandler, Express } from 'express';

/** JSON body parsing whose failures answer in JSON, not express's HTML error page. */
export function useJsonBodies(app: Express): void {
  app.use(express.json({ limit: '100kb' }));
  const onParseError: ErrorRequestHandler = (error, _req, res, next) => {
    const type = (error as { type?: string }).type;
    if (type === 'entity.parse.failed') return void res.status(400).json({ message: Messages.malformedJson });
    if (type === 'entity.too.large') return void res.status(413).json({ message: 'The request body is too large' });
    next(error);
  };
  app.use(onParseError);
}
