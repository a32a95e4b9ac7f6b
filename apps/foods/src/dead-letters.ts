/**
 * Lists the foods projections' dead letters (today: food_research, the background food searches), or replays them
 * once the cause is fixed:
 *   node apps/foods/dist/dead-letters.js list | replay <id> | replay-all
 * A replay runs the search again with the service's own ResearchService, taken from a Nest context that starts no
 * handlers, relay or consumer.
 */
import 'reflect-metadata';
import { EventsModule, runDeadLettersCommand, ServiceCoreModule } from '@fodmap/server';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { foodsSchema } from './foods.schema';
import { foodResearchProjection } from './research/food-research.projection';
import { ResearchCoreModule } from './research/research.module';
import { ResearchService } from './research/research.service';

@Module({
  imports: [
    ServiceCoreModule.forRoot({ name: foodsSchema.service, entities: foodsSchema.entities, migrations: foodsSchema.migrations }),
    EventsModule.forRoot({ relay: false }),
    ResearchCoreModule,
  ],
})
class DeadLettersModule {}

async function main(args: string[]): Promise<number> {
  // Listing (and the usage line) needs no research service: only a replay starts the Nest context.
  if (args[0] !== 'replay' && args[0] !== 'replay-all') return runDeadLettersCommand({ ...foodsSchema, consumer: [] }, args);
  const context = await NestFactory.createApplicationContext(DeadLettersModule, { logger: ['error', 'warn'] });
  try {
    return await runDeadLettersCommand({ ...foodsSchema, consumer: [foodResearchProjection(context.get(ResearchService))] }, args);
  } finally {
    await context.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  },
);
