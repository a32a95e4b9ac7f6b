import { Module } from '@nestjs/common';
import { ActivityHandler } from './activity.handler';

@Module({
  controllers: [ActivityHandler],
})
export class ActivityModule {}
