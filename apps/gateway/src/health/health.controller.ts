import { Controller, HttpStatus, Inject, Res, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckResult, HealthCheckService, HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
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
type Part = ServiceName | 'nats' | 'redis';

@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly services: ServiceClient,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
  ) {}

  /**
   * Names each part (every service, NATS, Redis), checked side by side by terminus; 200 when all are up, else (a part
   * down, or the gateway shutting down) 503 with Retry-After and the same report.
   */
  @Endpoint(platformRoutes.health)
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthReport & { nats: State; redis: State }> {
    const result = await this.health
      .check([
        ...SERVICE_NAMES.map((name) => () => this.probe(name, this.services.send(Rpc.health(name), {}, undefined, HEALTH_TIMEOUT_MS).then((health) => health.status === 'up'))),
        () => this.probe('nats', this.nats.flush().then(() => true)),
        () => this.probe('redis', this.redis.ping().then(() => true)),
      ])
      .catch(failedCheck);
    const state = (part: Part): State => (result.details[part]?.status === 'up' ? 'up' : 'down');
    const healthy = result.status === 'ok';
    res.status(healthy ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    if (!healthy) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    return {
      status: healthy ? 'ok' : 'degraded',
      services: { identity: state('identity'), journal: state('journal'), foods: state('foods'), insights: state('insights'), notifications: state('notifications') },
      nats: state('nats'),
      redis: state('redis'),
    };
  }

  /** A part is up when its probe answers yes within HEALTH_TIMEOUT_MS; a failure or silence is down, never an error. */
  private async probe(part: Part, answer: Promise<boolean>): Promise<HealthIndicatorResult> {
    const late = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS).unref());
    const up = await Promise.race([answer.catch(() => false), late]);
    return up ? this.indicators.check(part).up() : this.indicators.check(part).down();
  }
}

/** terminus reports a failed check as a 503 exception carrying the whole result; the report is made from that result. */
function failedCheck(error: unknown): HealthCheckResult {
  const result = error instanceof ServiceUnavailableException ? error.getResponse() : null;
  if (isHealthCheckResult(result)) return result;
  throw error;
}

function isHealthCheckResult(value: unknown): value is HealthCheckResult {
  return typeof value === 'object' && value !== null && 'status' in value && 'details' in value && typeof value.details === 'object' && value.details !== null;
}
