import { EmailVerifiedReply, MessageReply, Rpc, RpcParsed, VerificationLinkReply } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { EmailVerificationService } from './email-verification.service';

@Controller()
export class EmailVerificationController {
  constructor(private readonly verification: EmailVerificationService) {}

  @Handles(Rpc.identity.verifyEmail)
  verifyEmail({ input }: RpcParsed<typeof Rpc.identity.verifyEmail>): Promise<EmailVerifiedReply> {
    return this.verification.verify(input.token);
  }

  @Handles(Rpc.identity.resendVerification)
  resendVerification({ caller, verifyBaseUrl }: RpcParsed<typeof Rpc.identity.resendVerification>): Promise<MessageReply> {
    return this.verification.resend(caller.userId, verifyBaseUrl);
  }

  /** Asked by notifications when it sends a confirmation email: the link never travels in an event. */
  @Handles(Rpc.identity.verificationLink)
  verificationLink({ verificationId }: RpcParsed<typeof Rpc.identity.verificationLink>): Promise<VerificationLinkReply> {
    return this.verification.verificationLink(verificationId);
  }
}
