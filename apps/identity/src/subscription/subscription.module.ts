import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { loadIdentityConfig } from '@fodmap/server';
import { STRIPE_BILLING, stripeBillingFrom } from './stripe-billing';
import { SubscriptionController } from './subscription.controller';
import { SubscriptionEntity } from './subscription.entity';
import { SubscriptionService } from './subscription.service';

@Module({
  imports: [TypeOrmModule.forFeature([SubscriptionEntity])],
  controllers: [SubscriptionController],
  providers: [SubscriptionService, { provide: STRIPE_BILLING, useFactory: () => stripeBillingFrom(loadIdentityConfig().stripe) }],
  exports: [SubscriptionService],
})
export class SubscriptionModule {}
