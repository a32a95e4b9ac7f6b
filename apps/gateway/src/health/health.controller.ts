import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { HealthReport, Rpc, SERVICE_NAMES, ServiceName } from '@fodmap/contracts';
import { Response } from 'express';
import Redis from 'ioredis';
import { REDIS } from '../infra/infra.module';
import { ServiceClient } from '../services/service-client';

const HEALTH_TIMEOUT_MS = 2000;

@Controller('health')
export class HealthController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** Asks every service at once; 200 when all answer, 503 with the same report when any does not. */
  @Get()
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthReport & { redis: 'up' | 'down' }> {
    const answers = await Promise.all(
      SERVICE_NAMES.map(async (name): Promise<[ServiceName, 'up' | 'down']> => {
        const health = await this.services.send(Rpc.health(name), {}, HEALTH_TIMEOUT_MS).catch(() => null);
        return [name, health?.status === 'up' ? 'up' : 'down'];
      }),
    );
    const redis = await this.redis.ping().then(() => 'up' as const).catch(() => 'down' as const);
    const services = Object.fromEntries(answers) as HealthReport['services'];
    const healthy = redis === 'up' && answers.every(([, state]) => state === 'up');
    res.status(healthy ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: healthy ? 'ok' : 'degraded', services, redis };
  }
}
