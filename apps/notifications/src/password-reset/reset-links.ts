import { ResetLinkReply, Rpc } from '@fodmap/contracts';
import { correlated, isRpcFailureBody, subject } from '@fodmap/server';
import { ClientProxy } from '@nestjs/microservices';
import { firstValueFrom, timeout } from 'rxjs';
import { EmailNotDeliverableError } from '../email/email-outbox';

/**
 * Asks identity for a reset's link at the moment its email is sent: the link is in no event, no stream and no
 * outbox row, only in the email. Identity answers 410 once the reset is used, expired or superseded.
 */
export function resetLinkResolver(identity: ClientProxy, timeoutMs = 5_000) {
  return async (context: Record<string, unknown>, correlationId: string | null): Promise<Record<string, unknown>> => {
    try {
      const request = correlated({ resetId: context.resetId }, correlationId ?? undefined);
      const reply = await firstValueFrom(identity.send<ResetLinkReply>(subject(Rpc.identity.resetLink), request).pipe(timeout(timeoutMs)));
      return { resetUrl: reply.resetUrl };
    } catch (error) {
      if (isRpcFailureBody(error) && error.status === 410) throw new EmailNotDeliverableError(`identity no longer issues its link: ${error.message}`);
      if (isRpcFailureBody(error)) throw new Error(`identity refused the reset link (${error.status}): ${error.message}`);
      throw error;
    }
  };
}
