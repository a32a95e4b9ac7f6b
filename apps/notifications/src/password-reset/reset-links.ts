import { Rpc } from '@fodmap/contracts';
import { rpcFailureOf, ServiceRequester } from '@fodmap/server';
import { EmailNotDeliverableError } from '../email/email-sender';

/**
 * Asks identity for a reset's link at the moment its email is sent: the link is in no event, no stream and no
 * job, only in the email. Identity answers 410 once the reset is used, expired or superseded.
 */
export function resetLinkResolver(requester: ServiceRequester, timeoutMs = 5_000) {
  return async (context: Record<string, unknown>, correlationId: string | null): Promise<Record<string, unknown>> => {
    try {
      const reply = await requester.send(Rpc.identity.resetLink, { resetId: String(context.resetId) }, { correlationId, timeoutMs });
      return { resetUrl: reply.resetUrl };
    } catch (error) {
      const failure = rpcFailureOf(error);
      if (failure?.status === 410) throw new EmailNotDeliverableError(`identity no longer issues its link: ${failure.message}`);
      if (failure) throw new Error(`identity refused the reset link (${failure.status}): ${failure.message}`);
      throw error;
    }
  };
}
