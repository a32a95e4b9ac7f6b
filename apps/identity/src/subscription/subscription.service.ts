import { Messages, SubscriptionStatus } from '@fodmap/contracts';
import { rpcFailure } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { SubscriptionEntity } from './subscription.entity';
import { subscriptionStatusAt, trialEndsAt } from './subscription-status';

@Injectable()
export class SubscriptionService {
  constructor(@InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>) {}

  /** Runs inside the registration's transaction, so no user exists without a subscription row. */
  async startTrial(manager: EntityManager, userId: number, registeredAt: Date): Promise<void> {
    await manager.insert(SubscriptionEntity, { userId, status: 'trial', endsAt: trialEndsAt(registeredAt) });
  }

  async statusOf(userId: number): Promise<SubscriptionStatus> {
    const subscription = await this.subscriptions.findOneBy({ userId });
    if (!subscription) throw rpcFailure(401, Messages.unauthorized);
    return subscriptionStatusAt(subscription, new Date());
  }
}
