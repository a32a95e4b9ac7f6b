import { ServiceHealth } from '@fodmap/contracts';
import { DynamicModule, Global, Inject, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { connect, NatsConnection } from 'nats';
import { DataSource, DataSourceOptions } from 'typeorm';
import { loadConfig, SERVER_CONFIG, ServerConfig } from './config';
import { ServiceDataSource, serviceDataSourceOptions } from './database';
import { readiness } from './observability/readiness';
import { SERVICE_REQUEST_PROXY, ServiceRequester, serviceRequestProxy } from './service-requester';
import { subject } from './subjects';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
export const SERVICE_NAME = Symbol('SERVICE_NAME');

export interface ServiceCoreOptions {
  /** The service's name: also its PostgreSQL schema and its NATS queue group. */
  name: string;
  entities: NonNullable<DataSourceOptions['entities']>;
  migrations: NonNullable<DataSourceOptions['migrations']>;
}

function healthControllerFor(name: string) {
  @Controller()
  class HealthController {
    constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

    @MessagePattern(subject(`${name}.health.check`))
    async check(): Promise<ServiceHealth> {
      const postgres = await this.dataSource
        .query('SELECT 1')
        .then(() => 'up' as const)
        .catch(() => 'down' as const);
      return { service: name, status: postgres, postgres };
    }
  }
  return HealthController;
}

class NatsConnectionCloser implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nats: NatsConnection) {}
  async onApplicationShutdown(): Promise<void> {
    await this.nats.drain().catch(() => undefined);
  }
}

/** Readiness (ops port) asks PostgreSQL and NATS for an answer; the checks go when the application stops. */
class DependencyReadiness implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly unregister: Array<() => void> = [];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
  ) {}

  onApplicationBootstrap(): void {
    this.unregister.push(
      readiness.register('postgres', () => this.dataSource.query('SELECT 1').then(() => true)),
      readiness.register('nats', () => !this.nats.isClosed() && this.nats.flush().then(() => true)),
    );
  }

  onApplicationShutdown(): void {
    this.unregister.splice(0).forEach((remove) => remove());
  }
}

/** What every microservice shares: its schema (migrations at start-up), a NATS connection for JetStream, requests to other services, a health answer. */
@Global()
@Module({})
export class ServiceCoreModule {
  static forRoot(options: ServiceCoreOptions): DynamicModule {
    const config = loadConfig();
    return {
      module: ServiceCoreModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ ...serviceDataSourceOptions(config.databaseUrl, options.name, options.entities, options.migrations), retryAttempts: 0 }),
          // Its migrations run under the schema's lock, so replicas may start together.
          dataSourceFactory: (dataSourceOptions) => new ServiceDataSource(dataSourceOptions as DataSourceOptions).initialize(),
        }),
      ],
      controllers: [healthControllerFor(options.name)],
      providers: [
        { provide: SERVER_CONFIG, useValue: config },
        { provide: SERVICE_NAME, useValue: options.name },
        { provide: NATS_CONNECTION, useFactory: (cfg: ServerConfig) => connect({ ...cfg.nats, name: options.name }), inject: [SERVER_CONFIG] },
        NatsConnectionCloser,
        DependencyReadiness,
        { provide: SERVICE_REQUEST_PROXY, useFactory: (cfg: ServerConfig) => serviceRequestProxy(cfg, options.name), inject: [SERVER_CONFIG] },
        ServiceRequester,
      ],
      exports: [SERVER_CONFIG, SERVICE_NAME, NATS_CONNECTION, ServiceRequester],
    };
  }
}
