import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DomainConfigController } from './domain-config.controller';
import { DomainConfigEntity } from './domain-config.entity';
import { DomainConfigService } from './domain-config.service';

@Module({
  imports: [TypeOrmModule.forFeature([DomainConfigEntity])],
  controllers: [DomainConfigController],
  providers: [DomainConfigService],
})
export class DomainConfigModule {}
