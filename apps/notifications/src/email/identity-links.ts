import { Rpc } from '@fodmap/contracts';
import { rpcFailureOf, ServiceRequester } from '@fodmap/server';
import { ContextResolver, EmailNotDeliverableError } from './email-sender';

const TIMEOUT_MS = 5_000;

/**
 * Asks identity for an emailed link at the moment its email is sent: the link is in no event, no stream and no job,
 * only in the email. Identity answers 410 once the request is used, expired or superseded: that email must not go.
 */
function identityLinkResolver(what: string, ask: (context: Record<string, unknown>, correlationId: string | null) => Promise<Record<string, unknown>>): ContextResolver {
  return async (context, correlationId) => {
    try {
      return await ask(context, correlationId);
    } catch (error) {
      const failure = rpcFailureOf(error);
      if (failure?.status === 410) throw new EmailNotDeliverableError(`identity no longer issues its link: ${failure.message}`);
      if (failure) throw new Error(`identity refused the ${what} (${failure.status}): ${failure.message}`);
      throw error;
    }
  };
}

/** A password reset's link (context `resetId`). */
export function resetLinkResolver(requester: ServiceRequester, timeoutMs = TIMEOUT_MS): ContextResolver {
  return identityLinkResolver('reset link', async (context, correlationId) => {
    const reply = await requester.send(Rpc.identity.resetLink, { resetId: String(context.resetId) }, { correlationId, timeoutMs });
    return { resetUrl: reply.resetUrl };
  });
}

/** A confirmation email's link (context `verificationId`, issue 20). */
export function verificationLinkResolver(requester: ServiceRequester, timeoutMs = TIMEOUT_MS): ContextResolver {
  return identityLinkResolver('confirmation link', async (context, correlationId) => {
    const reply = await requester.send(Rpc.identity.verificationLink, { verificationId: String(context.verificationId) }, { correlationId, timeoutMs });
    return { verifyUrl: reply.verifyUrl };
  });
}
