import { domainEvents, SubscriptionChangedV1 } from '@fodmap/contracts';
import { NewEvent, newEvent } from '@fodmap/server';

/** Appended to the person's stream (`user-<id>`) in the transaction that changes the subscription row. */
export function subscriptionChanged(data: SubscriptionChangedV1): NewEvent<SubscriptionChangedV1> {
  return newEvent(domainEvents, 'SubscriptionChanged', data);
}
