import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { loadGatewayConfig, SERVER_CONFIG, NATS_CONNECTION, ServerConfig } from '@fodmap/server';
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

/** The gateway's connections: Redis (sessions, rate limits, the journal read cache) and NATS (JetStream object store for photos). */
@Global()
@Module({
  providers: [
    { provide: SERVER_CONFIG, useFactory: () => loadGatewayConfig() },
    { provide: REDIS, useFactory: (config: ServerConfig) => new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }), inject: [SERVER_CONFIG] },
    { provide: NATS_CONNECTION, useFactory: (config: ServerConfig) => connect({ ...config.nats, name: 'gateway' }), inject: [SERVER_CONFIG] },
    Closer,
  ],
  exports: [SERVER_CONFIG, REDIS, NATS_CONNECTION],
})
export class InfraModule {}
