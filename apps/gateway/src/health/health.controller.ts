import { Controller, HttpStatus, Inject, Res } from '@nestjs/common';
import { HealthReport, platformRoutes, Rpc, SERVICE_NAMES, ServiceName } from '@fodmap/contracts';
import { NATS_CONNECTION } from '@fodmap/server';
import { Response } from 'express';
import Redis from 'ioredis';
import { NatsConnection } from 'nats';
import { Endpoint } from '../http/endpoint';
import { REDIS } from '../infra/infra.module';
import { RETRY_AFTER_SECONDS, ServiceClient } from '../services/service-client';

const HEALTH_TIMEOUT_MS = 2000;
type State = 'up' | 'down';

@Controller()
export class HealthController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
  ) {}

  /** Names each part (every service, NATS, Redis); 200 when all are up, else 503 with Retry-After and the same report. */
  @Endpoint(platformRoutes.health)
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthReport & { nats: State; redis: State }> {
    const [answers, nats, redis] = await Promise.all([
      Promise.all(
        SERVICE_NAMES.map(async (name): Promise<[ServiceName, State]> => {
          const health = await this.services.send(Rpc.health(name), {}, undefined, HEALTH_TIMEOUT_MS).catch(() => null);
          return [name, health?.status === 'up' ? 'up' : 'down'];
        }),
      ),
      withTimeout(this.nats.flush()),
      withTimeout(this.redis.ping()),
    ]);
    const services = Object.fromEntries(answers) as HealthReport['services'];
    const healthy = nats === 'up' && redis === 'up' && answers.every(([, state]) => state === 'up');
    res.status(healthy ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    if (!healthy) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    return { status: healthy ? 'ok' : 'degraded', services, nats, redis };
  }
}

function withTimeout(probe: Promise<unknown>): Promise<State> {
  const late = new Promise<State>((resolve) => setTimeout(() => resolve('down'), HEALTH_TIMEOUT_MS).unref());
  return Promise.race([probe.then((): State => 'up', (): State => 'down'), late]);
}
