import { NATS_CONNECTION, ProjectionConsumer, SERVER_CONFIG, ServerConfig } from '@fodmap/server';
import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { foodResearchProjection } from './food-research.projection';
import { ResearchService } from './research.service';

/**
 * Works off background food searches from JetStream, a durable consumer of foods' own events. It owns no tables:
 * the food and the FoodResearchCompleted event it makes are written by ResearchService in their own transactions.
 * Started here rather than by EventsModule because its handler needs the research service.
 */
@Injectable()
export class FoodResearchConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private consumer: ProjectionConsumer | null = null;

  constructor(
    private readonly research: ResearchService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  onApplicationBootstrap(): void {
    // Redelivered until ResearchService ends the search itself after AI_SEARCH.backgroundAttempts; the spare
    // deliveries are for a crash or a database error, and the model is given its full timeout before an ack is due.
    this.consumer = new ProjectionConsumer({
      dataSource: this.dataSource,
      nats: this.nats,
      natsPrefix: this.config.natsPrefix,
      projection: foodResearchProjection(this.research),
      tuning: { backoffMs: [1_000, 5_000, 30_000], ackWaitMs: 60_000 },
    });
    this.consumer.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.consumer?.stop();
  }
}
