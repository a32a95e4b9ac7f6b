import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { isDraining, onDraining } from './draining';
import { InFlight } from './in-flight';

/** The HTTP requests this process is answering. */
export const httpInFlight = new InFlight();
const unanswered = new Set<ServerResponse>();

onDraining(() => {
  // Responses still being worked on close their connection once sent, so no keep-alive connection outlives the drain.
  for (const response of unanswered) if (!response.headersSent) response.setHeader('Connection', 'close');
});

/** Express middleware, first of all: counts each request until its response is sent or its client goes away. */
export function countHttpRequests(_request: IncomingMessage, response: ServerResponse, next: () => void): void {
  httpInFlight.begin();
  unanswered.add(response);
  if (isDraining()) response.setHeader('Connection', 'close');
  response.once('close', () => {
    unanswered.delete(response);
    httpInFlight.end();
  });
  next();
}

/**
 * Waits until every request in flight has been answered, then stops listening and closes the (then idle) keep-alive
 * connections. Requests arriving meanwhile are answered by whatever the process does while draining (the gateway: 503).
 */
export async function closeHttpServer(server: Server): Promise<void> {
  await httpInFlight.idle();
  const closed = new Promise<void>((done) => server.close(() => done()));
  server.closeIdleConnections();
  await closed;
}
