import { NatsContext, ServerNats } from '@nestjs/microservices';
import type { Msg, NatsConnection, Subscription } from 'nats';
import { InFlight } from './in-flight';

/** The RPC requests this process is answering; one service runs in a process. */
export const rpcInFlight = new InFlight();

/** What Nest publishes as a request's answer; the last packet of an answer is disposed, or a failure. */
interface AnswerPacket {
  isDisposed?: boolean;
  err?: unknown;
}

/**
 * Nest's NATS server, stopping without losing a request: Nest's own close drops the connection with handlers still
 * running (their callers wait for the RPC timeout), and its `gracefulShutdown` unsubscribes and sleeps a fixed time.
 * This one drains its queue-group subscriptions (NATS then sends the group's requests to the other replicas, and what was
 * already on its way here is still handled), waits until every handler has answered, flushes the answers, then closes.
 */
export class DrainingNatsServer extends ServerNats {
  /**
   * Nest makes one publisher per request, right before running its handler: each request is counted from then until
   * its last packet is published (an interceptor would cost an RxJS pipeline and an AsyncResource per request).
   */
  override getPublisher(natsMsg: Msg, id: string, ctx: NatsContext): (response: unknown) => unknown {
    const publish = super.getPublisher(natsMsg, id, ctx);
    // Without a reply subject Nest answers nothing.
    if (!natsMsg.reply) return publish;
    rpcInFlight.begin();
    let answered = false;
    return (response: unknown) => {
      const sent = publish(response);
      const packet = response as AnswerPacket;
      if (!answered && (packet.isDisposed || packet.err !== undefined)) {
        answered = true;
        rpcInFlight.end();
      }
      return sent;
    };
  }

  /** The subjects are plain strings: Nest's own first tries each as JSON, and throws and catches a SyntaxError per request. */
  protected override getRouteFromPattern(pattern: string): string {
    return this.normalizePattern(pattern);
  }

  override async close(): Promise<void> {
    // Nest keeps its connection and subscriptions private; draining them is the only way to stop taking requests
    // without dropping any.
    const nest = this as unknown as { natsClient: NatsConnection | null; subscriptions: Subscription[] };
    await Promise.all(nest.subscriptions.map((subscription) => (subscription.isClosed() ? undefined : subscription.drain())));
    await rpcInFlight.idle();
    await nest.natsClient?.flush().catch(() => undefined);
    await super.close();
  }
}
