import { IdentityRequests, MessageReply, ResetLinkReply, Rpc } from '@fodmap/contracts';
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

  /** Asked by notifications when it sends a reset email: the link never travels in an event. */
  @MessagePattern(subject(Rpc.identity.resetLink))
  resetLink(@Payload() payload: Partial<IdentityRequests['resetLink']> | null): Promise<ResetLinkReply> {
    return this.passwords.resetLink(payload);
  }

  @MessagePattern(subject(Rpc.identity.resetPassword))
  resetPassword(@Payload() payload: Partial<IdentityRequests['resetPassword']> | null): Promise<MessageReply> {
    return this.passwords.resetPassword(payload?.input);
  }
}
