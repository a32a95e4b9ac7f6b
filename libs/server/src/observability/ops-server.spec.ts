import { afterEach, describe, expect, it } from '@jest/globals';
import { Counter } from 'prom-client';
import { metricsRegistry, onScrape } from './metrics';
import { OpsServer, startOpsServer } from './ops-server';
import { Readiness } from './readiness';

let server: OpsServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function start(readiness = new Readiness()): Promise<string> {
  server = await startOpsServer(0, readiness);
  return `http://127.0.0.1:${server.port}`;
}

describe('the ops server', () => {
  it('is live while the process runs', async () => {
    const base = await start();
    const res = await fetch(`${base}/health/live`);
    expect(res.status).toBe(200);
  });

  it('is ready only when every check passes, and names the ones down in a 503', async () => {
    const readiness = new Readiness();
    let redisUp = false;
    readiness.register('postgres', () => Promise.resolve(true));
    readiness.register('redis', () => redisUp);
    readiness.register('nats', () => Promise.reject(new Error('connection refused')));
    const base = await start(readiness);
    const down = await fetch(`${base}/health/ready`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'not ready', checks: { postgres: 'up', redis: 'down', nats: 'down' } });

    redisUp = true;
    const removeNats = readiness.register('nats', () => true);
    expect(await (await fetch(`${base}/health/ready`)).json()).toEqual({ status: 'ready', checks: { postgres: 'up', redis: 'up', nats: 'up' } });
    removeNats();
    expect(await (await fetch(`${base}/health/ready`)).json()).toEqual({ status: 'ready', checks: { postgres: 'up', redis: 'up' } });
  });

  it('serves the registry in the Prometheus text format, after the scrape hooks set their gauges', async () => {
    const counter = new Counter({ name: 'fodmap_test_ops_total', help: 'A test counter.', labelNames: ['kind'], registers: [metricsRegistry] });
    counter.inc({ kind: 'meal' }, 3);
    let scrapes = 0;
    const remove = onScrape(async () => {
      scrapes++;
    });
    const base = await start();
    const res = await fetch(`${base}/metrics`);
    remove();
    metricsRegistry.removeSingleMetric('fodmap_test_ops_total');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toContain('fodmap_test_ops_total{kind="meal"} 3');
    expect(scrapes).toBe(1);
  });

  it('answers 404 elsewhere and 405 to anything but GET', async () => {
    const base = await start();
    expect((await fetch(`${base}/api/health`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
  });
});
