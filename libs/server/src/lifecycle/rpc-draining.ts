import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { ServerNats } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from 'nats';
import { finalize, Observable } from 'rxjs';
import { InFlight } from './in-flight';

/** The RPC handlers this process is running; one service runs in a process. */
export const rpcInFlight = new InFlight();

/** Counts each RPC handler from its start until its answer is made, so that shutdown waits for it. */
@Injectable()
export class RpcInFlightInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    rpcInFlight.begin();
    return next.handle().pipe(finalize(() => rpcInFlight.end()));
  }
}

/**
 * Nest's NATS server, stopping without losing a request: Nest's own close drops the connection with handlers still
 * running (their callers wait for the RPC timeout), and its `gracefulShutdown` unsubscribes and sleeps a fixed time.
 * This one drains its queue-group subscriptions (NATS then sends the group's requests to the other replicas, and what was
 * already on its way here is still handled), waits until every handler has answered, flushes the answers, then closes.
 */
export class DrainingNatsServer extends ServerNats {
  override async close(): Promise<void> {
    // Nest keeps its connection and subscriptions private; draining them is the only way to stop taking requests
    // without dropping any.
    const nest = this as unknown as { natsClient: NatsConnection | null; subscriptions: Subscription[] };
    await Promise.all(nest.subscriptions.map((subscription) => (subscription.isClosed() ? undefined : subscription.drain())));
    await rpcInFlight.idle();
    // Nest publishes an answer on the next tick after its handler ends.
    await new Promise((next) => setImmediate(next));
    await nest.natsClient?.flush().catch(() => undefined);
    await super.close();
  }
}
