import { IdentityRequests, MessageReply, PasswordResetReply, Rpc } from '@fodmap/contracts';
import { subject } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PasswordsService } from './passwords.service';

@Controller()
export class PasswordsController {
  constructor(private readonly passwords: PasswordsService) {}

  @MessagePattern(subject(Rpc.identity.forgotPassword))
  forgotPassword(@Payload() payload: Partial<IdentityRequests['forgotPassword']> | null): Promise<MessageReply> {
    return this.passwords.forgotPassword(payload?.input, payload?.resetBaseUrl);
  }

  @MessagePattern(subject(Rpc.identity.resetPassword))
  resetPassword(@Payload() payload: Partial<IdentityRequests['resetPassword']> | null): Promise<PasswordResetReply> {
    return this.passwords.resetPassword(payload?.input);
  }
}
