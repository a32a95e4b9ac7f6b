import { IdentityRequests, Rpc, SubscriptionStatus } from '@fodmap/contracts';
import { callerUserId, subject } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SubscriptionService } from './subscription.service';

@Controller()
export class SubscriptionController {
  constructor(private readonly subscriptions: SubscriptionService) {}

  @MessagePattern(subject(Rpc.identity.subscriptionStatus))
  status(@Payload() payload: IdentityRequests['subscriptionStatus'] | null): Promise<SubscriptionStatus> {
    return this.subscriptions.statusOf(callerUserId(payload?.caller));
  }
}
