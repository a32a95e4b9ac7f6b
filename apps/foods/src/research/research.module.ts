import { JobWorker, loadFoodsConfig } from '@fodmap/server';
import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { FoodsModule } from '../foods/foods.module';
import { AiBudget } from './ai-budget';
import { FoodResearcher } from './food-researcher';
import { RESEARCH_CONFIG } from './research-config';
import { ResearchController } from './research.controller';
import { ResearchService } from './research.service';

/** AI food search, and the worker of the service's jobs: background searches, two at a time (each mostly waits on the model). */
@Module({
  imports: [FoodsModule],
  controllers: [ResearchController],
  providers: [
    { provide: RESEARCH_CONFIG, useFactory: () => loadFoodsConfig().research },
    AiBudget,
    FoodResearcher,
    ResearchService,
    {
      provide: JobWorker,
      useFactory: (dataSource: DataSource, research: ResearchService) => new JobWorker({ dataSource, handlers: [research.handler()], concurrency: 2 }),
      inject: [getDataSourceToken(), ResearchService],
    },
  ],
})
export class ResearchModule {}
