import { DynamicModule, Inject, Injectable, Module, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import { NatsConnection } from 'nats';
import { eventsOfSource } from '@fodmap/contracts';
import { DataSource } from 'typeorm';
import { ServerConfig } from '../config';
import { SERVER_CONFIG } from '../config';
import { NATS_CONNECTION, SERVICE_NAME } from '../service-core.module';
import { CorrelationInterceptor } from './correlation';
import { eraseEventsOf, EraseRows, erasureProjection } from './erasure';
import { schemaOf } from './sql';
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
  }

  private erasureProjection(eraseRows: EraseRows): Projection {
    return erasureProjection(this.service, async (manager, { erasedUserId: userId }) => {
      await eraseRows(manager, userId);
      await eraseEventsOf({ manager, schema: schemaOf(this.dataSource), nats: this.nats, natsPrefix: this.config.natsPrefix, service: this.service, userId });
    });
  }

  async onModuleDestroy(): Promise<void> {
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
        // Every handler of the service runs inside its request's correlation id, which the events it appends carry.
        { provide: APP_INTERCEPTOR, useClass: CorrelationInterceptor },
      ],
      exports: [EventStore],
    };
  }
}
