import { CreateSubscriptionReply, Rpc, RpcParsed, SubscriptionStatus } from '@fodmap/contracts';
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

  @Handles(Rpc.identity.createSubscription)
  create({ caller }: RpcParsed<typeof Rpc.identity.createSubscription>): Promise<CreateSubscriptionReply> {
    return this.subscriptions.create(caller.userId);
  }

  @Handles(Rpc.identity.cancelSubscription)
  cancel({ caller }: RpcParsed<typeof Rpc.identity.cancelSubscription>): Promise<SubscriptionStatus> {
    return this.subscriptions.cancel(caller.userId);
  }

  @Handles(Rpc.identity.stripeWebhook)
  webhook({ payload, signature }: RpcParsed<typeof Rpc.identity.stripeWebhook>): Promise<{ received: true }> {
    return this.subscriptions.handleWebhook(payload, signature);
  }
}
