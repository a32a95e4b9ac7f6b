import { MessageReply, Rpc, RpcParsed } from '@fodmap/contracts';
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

  @Handles(Rpc.identity.resetPassword)
  resetPassword({ input }: RpcParsed<typeof Rpc.identity.resetPassword>): Promise<MessageReply> {
    return this.passwords.resetPassword(input);
  }
}
