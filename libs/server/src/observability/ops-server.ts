import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { metricsRegistry, scrapeMetrics } from './metrics';
import { Readiness } from './readiness';

export interface OpsServer {
  /** The port it listens on: METRICS_PORT, or the one the system gave for 0. */
  port: number;
  close(): Promise<void>;
}

/**
 * The process's operations port, never its public one: `GET /metrics` (Prometheus), `GET /health/live` (200 while the
 * event loop turns: the answer itself is the proof) and `GET /health/ready` (200 when every readiness check passes,
 * else 503 naming the ones down). Kubernetes probes and Prometheus reach it inside the cluster; the Ingress does not.
 */
export async function startOpsServer(port: number, readiness: Readiness): Promise<OpsServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const answer = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      res.end(body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(405, 'application/json', JSON.stringify({ message: 'Only GET' }));
    if (path === '/health/live') return answer(200, 'application/json', JSON.stringify({ status: 'live' }));
    if (path === '/health/ready') {
      void readiness.report().then((report) =>
        answer(report.ready ? 200 : 503, 'application/json', JSON.stringify({ status: report.ready ? 'ready' : 'not ready', checks: report.checks })),
      );
      return;
    }
    if (path === '/metrics') {
      scrapeMetrics().then(
        (text) => answer(200, metricsRegistry.contentType, text),
        (error: unknown) => answer(500, 'text/plain', `Collecting the metrics failed: ${error instanceof Error ? error.message : String(error)}`),
      );
      return;
    }
    answer(404, 'application/json', JSON.stringify({ message: 'Not found: /metrics, /health/live, /health/ready' }));
  });
  // A probe's connection is short; keep-alive sockets would hold close() up for their timeout.
  server.keepAliveTimeout = 1_000;
  await listen(server, port);
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
