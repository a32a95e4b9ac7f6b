import { DynamicModule, Inject, Injectable, Module, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import { NatsConnection } from 'nats';
import { eventsOfSource } from '@fodmap/contracts';
import { DataSource } from 'typeorm';
import { ServerConfig } from '../config';
import { SERVER_CONFIG } from '../config';
import { NATS_CONNECTION, SERVICE_NAME } from '../service-core.module';
import { consumerDeadLetters, onScrape } from '../observability/metrics';
import { readiness } from '../observability/readiness';
import { RpcObserver } from '../observability/rpc-observer';
import { eraseEventsOf, EraseRows, erasureProjection } from './erasure';
import { qualifiedTable, schemaOf } from './sql';
import { EventStore } from './event-store';
import { Projection } from './projection';
import { ensureEventStream } from './jetstream';
import { ConsumerTuning, deleteDurable, ProjectionConsumer } from './projection-consumer';
import { EventRelay } from './relay';

export interface EventsModuleOptions {
  /** Publish this service's events table to JetStream: every service that appends events says true. */
  relay: boolean;
  /** Projections this service keeps from other services' events, each with its durable consumers. */
  projections?: Projection[];
  tuning?: Partial<ConsumerTuning>;
  /**
   * Durable consumers of projections the service no longer keeps (`durableName(projection, source)`), deleted at start:
   * JetStream keeps a durable until it is deleted, and a stale one would hold messages on any stream not kept by limits.
   */
  retiredDurables?: string[];
  /**
   * What the service deletes of a person on AccountErased besides its events, dead letters and jobs (issue 20): its
   * rows, in the consumer's transaction. Every service but identity (which erases in the request) gives one.
   */
  erasure?: EraseRows;
}

const EVENTS_OPTIONS = Symbol('EVENTS_OPTIONS');

/** Starts the relay and the projection processors once the application is up, and stops them before NATS and PostgreSQL close. */
@Injectable()
class EventProcessors implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly workers: Array<EventRelay | ProjectionConsumer> = [];
  /** The scrape hooks and the readiness check this service's event processors registered, removed when they stop. */
  private readonly reporting: Array<() => void> = [];

  constructor(
    @Inject(EVENTS_OPTIONS) private readonly options: EventsModuleOptions,
    @Inject(getDataSourceToken()) private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @Inject(SERVICE_NAME) private readonly service: string,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.options.retiredDurables?.length) {
      const jsm = await this.nats.jetstreamManager();
      const stream = await ensureEventStream(jsm, this.config.natsPrefix);
      for (const name of this.options.retiredDurables) await deleteDurable(jsm, stream, name);
    }
    const shared = { dataSource: this.dataSource, nats: this.nats, natsPrefix: this.config.natsPrefix };
    if (this.options.relay) this.workers.push(new EventRelay({ ...shared, service: this.service }));
    const erasure = this.options.erasure;
    const projections = [...(this.options.projections ?? []), ...(erasure ? [this.erasureProjection(erasure)] : [])];
    for (const projection of projections) {
      this.workers.push(new ProjectionConsumer({ ...shared, projection, tuning: this.options.tuning }));
    }
    for (const worker of this.workers) worker.start();
    this.report(projections);
  }

  /** Their lag and dead letters for each scrape, and readiness only while every relay and consumer loop runs. */
  private report(projections: Projection[]): void {
    const deadLetterTable = qualifiedTable(schemaOf(this.dataSource), 'dead_letters');
    const names = projections.map((projection) => projection.name);
    this.reporting.push(
      readiness.register('consumers', () => this.workers.every((worker) => worker.alive)),
      ...this.workers.map((worker) => onScrape(() => worker.reportLag())),
    );
    if (names.length === 0) return;
    this.reporting.push(
      onScrape(async () => {
        const rows: Array<{ projection: string; letters: number }> = await this.dataSource.query(
          `SELECT projection, count(*)::integer AS letters FROM ${deadLetterTable} GROUP BY projection`,
        );
        for (const name of names) consumerDeadLetters.set({ projection: name }, rows.find((row) => row.projection === name)?.letters ?? 0);
      }),
    );
  }

  private erasureProjection(eraseRows: EraseRows): Projection {
    return erasureProjection(this.service, async (manager, { erasedUserId: userId }) => {
      await eraseRows(manager, userId);
      await eraseEventsOf({ manager, schema: schemaOf(this.dataSource), nats: this.nats, natsPrefix: this.config.natsPrefix, service: this.service, userId });
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.reporting.splice(0).forEach((remove) => remove());
    await Promise.all(this.workers.map((worker) => worker.stop()));
  }
}

/**
 * The event backbone of one service, imported by its AppModule right after ServiceCoreModule (whose schema, NATS
 * connection and name it uses), the same way in every service. Provides EventStore; runs the relay and the consumer
 * projections it is given; runs RPC handlers inside their request's correlation id.
 */
@Module({})
export class EventsModule {
  static forRoot(options: EventsModuleOptions): DynamicModule {
    return {
      module: EventsModule,
      // One per service, and its EventStore is wanted by every feature module.
      global: true,
      providers: [
        { provide: EVENTS_OPTIONS, useValue: options },
        {
          provide: EventStore,
          useFactory: (dataSource: DataSource, service: string) => new EventStore(dataSource, service, eventsOfSource(service)),
          inject: [getDataSourceToken(), SERVICE_NAME],
        },
        EventProcessors,
        // Every handler of the service runs inside its request's correlation id (which the events it appends carry), its
        // metrics, log line and span.
        { provide: APP_INTERCEPTOR, useFactory: (config: ServerConfig) => new RpcObserver(config.natsPrefix), inject: [SERVER_CONFIG] },
      ],
      exports: [EventStore],
    };
  }
}
