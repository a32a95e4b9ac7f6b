import { Module } from '@nestjs/common';
import { FoodsModule } from '../foods/foods.module';
import { FoodResearchConsumer } from './food-research.consumer';
import { FoodResearcher } from './food-researcher';
import { loadResearchConfig, RESEARCH_CONFIG } from './research-config';
import { ResearchController } from './research.controller';
import { ResearchService } from './research.service';

@Module({
  imports: [FoodsModule],
  controllers: [ResearchController],
  providers: [{ provide: RESEARCH_CONFIG, useFactory: () => loadResearchConfig() }, FoodResearcher, ResearchService, FoodResearchConsumer],
})
export class ResearchModule {}
