import { MessageReply, PasswordResetReply, ResetLinkReply, Rpc, RpcParsed } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { PasswordsService } from './passwords.service';

@Controller()
export class PasswordsController {
  constructor(private readonly passwords: PasswordsService) {}

  @Handles(Rpc.identity.forgotPassword)
  forgotPassword(request: RpcParsed<typeof Rpc.identity.forgotPassword>): Promise<MessageReply> {
    return this.passwords.forgotPassword(request);
  }

  /** Asked by notifications when it sends a reset email: the link never travels in an event. */
  @Handles(Rpc.identity.resetLink)
  resetLink({ resetId }: RpcParsed<typeof Rpc.identity.resetLink>): Promise<ResetLinkReply> {
    return this.passwords.resetLink(resetId);
  }

  @Handles(Rpc.identity.resetPassword)
  resetPassword({ input }: RpcParsed<typeof Rpc.identity.resetPassword>): Promise<PasswordResetReply> {
    return this.passwords.resetPassword(input);
  }

  @Handles(Rpc.identity.changePassword)
  changePassword({ caller, input }: RpcParsed<typeof Rpc.identity.changePassword>): Promise<MessageReply> {
    return this.passwords.changePassword(caller.userId, input);
  }
}
