import { Rpc, RpcParsed, SubscriptionStatus } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { SubscriptionService } from './subscription.service';

@Controller()
export class SubscriptionController {
  constructor(private readonly subscriptions: SubscriptionService) {}

  @Handles(Rpc.identity.subscriptionStatus)
  status({ caller }: RpcParsed<typeof Rpc.identity.subscriptionStatus>): Promise<SubscriptionStatus> {
    return this.subscriptions.statusOf(caller.userId);
  }
}
