import { NotificationsMessages, Rpc, RpcParsed, UnsubscribeReply } from '@fodmap/contracts';
import { Handles, rpcFailure, ServiceRequester } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { LinkTokens } from './link-tokens';
import { linkCaller } from './symptom-links.controller';

/**
 * One-click unsubscribe (the List-Unsubscribe POST of RFC 8058, and the footer's page): turns the token's preference
 * off through identity, which owns it, without signing in. Repeatable: an old email's link still works.
 */
@Controller()
export class UnsubscribeController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tokens: LinkTokens,
    private readonly requester: ServiceRequester,
  ) {}

  @Handles(Rpc.notifications.unsubscribe)
  async unsubscribe({ token }: RpcParsed<typeof Rpc.notifications.unsubscribe>): Promise<UnsubscribeReply> {
    const verdict = this.tokens.verify(token, 'unsubscribe', new Date());
    if (!verdict.ok) throw rpcFailure(400, NotificationsMessages.unsubscribeInvalid);
    const { userId, action } = verdict.claims;
    const caller = await linkCaller(this.dataSource.manager, userId);
    await this.requester.send(Rpc.identity.updateNotifications, { caller, input: { [action.preference]: false } });
    return { message: NotificationsMessages.unsubscribed[action.preference], preference: action.preference };
  }
}
