import { Global, Inject, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { loadGatewayConfig, readiness, SERVER_CONFIG, NATS_CONNECTION, ServerConfig } from '@fodmap/server';
import Redis from 'ioredis';
import { connect, NatsConnection } from 'nats';

export const REDIS = Symbol('REDIS');

class Closer implements OnApplicationShutdown {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
  ) {}
  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([this.redis.quit(), this.nats.drain()]);
  }
}

/** The ops port's readiness asks Redis and NATS for an answer (a round trip each) while the gateway runs. */
class ConnectionReadiness implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly unregister: Array<() => void> = [];

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
  ) {}

  onApplicationBootstrap(): void {
    this.unregister.push(
      readiness.register('redis', () => this.redis.ping().then((answer) => answer === 'PONG')),
      readiness.register('nats', () => !this.nats.isClosed() && this.nats.flush().then(() => true)),
    );
  }

  onApplicationShutdown(): void {
    this.unregister.splice(0).forEach((remove) => remove());
  }
}

/** The gateway's connections: Redis (sessions, rate limits, the journal read cache) and NATS (JetStream object store for photos). */
@Global()
@Module({
  providers: [
    { provide: SERVER_CONFIG, useFactory: () => loadGatewayConfig() },
    { provide: REDIS, useFactory: (config: ServerConfig) => new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }), inject: [SERVER_CONFIG] },
    { provide: NATS_CONNECTION, useFactory: (config: ServerConfig) => connect({ ...config.nats, name: 'gateway' }), inject: [SERVER_CONFIG] },
    Closer,
    ConnectionReadiness,
  ],
  exports: [SERVER_CONFIG, REDIS, NATS_CONNECTION],
})
export class InfraModule {}
