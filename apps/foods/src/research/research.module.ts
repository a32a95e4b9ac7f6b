import { Module } from '@nestjs/common';
import { loadFoodsConfig } from '@fodmap/server';
import { FoodsModule } from '../foods/foods.module';
import { FoodResearchConsumer } from './food-research.consumer';
import { FoodResearcher } from './food-researcher';
import { RESEARCH_CONFIG } from './research-config';
import { ResearchController } from './research.controller';
import { ResearchService } from './research.service';

@Module({
  imports: [FoodsModule],
  controllers: [ResearchController],
  providers: [{ provide: RESEARCH_CONFIG, useFactory: () => loadFoodsConfig().research }, FoodResearcher, ResearchService, FoodResearchConsumer],
})
export class ResearchModule {}
