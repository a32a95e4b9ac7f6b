import { Module } from '@nestjs/common';
import { loadFoodsConfig } from '@fodmap/server';
import { FoodsModule } from '../foods/foods.module';
import { FoodResearchConsumer } from './food-research.consumer';
import { FoodResearcher } from './food-researcher';
import { RESEARCH_CONFIG } from './research-config';
import { ResearchController } from './research.controller';
import { ResearchService } from './research.service';

/** The research itself, without its handlers or consumer: what the dead-letters command replays with. */
@Module({
  imports: [FoodsModule],
  providers: [{ provide: RESEARCH_CONFIG, useFactory: () => loadFoodsConfig().research }, FoodResearcher, ResearchService],
  exports: [ResearchService],
})
export class ResearchCoreModule {}

@Module({
  imports: [ResearchCoreModule],
  controllers: [ResearchController],
  providers: [FoodResearchConsumer],
})
export class ResearchModule {}
