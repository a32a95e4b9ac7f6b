import { SERVER_CONFIG, ServerConfig } from '@fodmap/server';
import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AdvertiserPicker } from './advertiser-picker';
import { AdvertisersController } from './advertisers.controller';
import { StatisticsController } from './statistics.controller';

/** Sponsored advertisers: their admin, the pick for each email (AdvertiserPicker, exported), clicks and statistics. */
@Module({
  controllers: [AdvertisersController, StatisticsController],
  providers: [
    {
      provide: AdvertiserPicker,
      useFactory: (dataSource: DataSource, config: ServerConfig) => new AdvertiserPicker(dataSource, config.publicUrl),
      inject: [getDataSourceToken(), SERVER_CONFIG],
    },
  ],
  exports: [AdvertiserPicker],
})
export class AdvertisersModule {}
