import { INestMicroservice, Type } from '@nestjs/common';
import { ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import { RpcRequest, RpcResponse, RpcSubject } from '@fodmap/contracts';
import { bootstrapService, rpcRecord } from '@fodmap/server';
import { testConfig } from './test-environment';

/**
 * Starts a service in-process exactly as its main.ts does, on the run's database and the NATS prefix in the environment.
 * A test that sets a prefix of its own imports the AppModule after setting it: its subjects are read when it loads.
 */
export function startService(name: string, AppModule: Type<unknown>): Promise<INestMicroservice> {
  // The service migrates its schema at start-up: never in a database not named as a test one.
  testConfig();
  return bootstrapService(name, AppModule);
}

/** A NATS client speaking to services the way the gateway does (its caller signed); failures resolve to their `{ status, message }`. */
export class ServiceCaller {
  private constructor(private readonly client: ClientProxy) {}

  static async connect(): Promise<ServiceCaller> {
    const client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [testConfig().natsUrl] } });
    await client.connect();
    return new ServiceCaller(client);
  }

  /** `correlationId`: sent as the request's X-Correlation-Id header, as the gateway does. */
  call<Subject extends RpcSubject>(subject: Subject, payload: RpcRequest<Subject>, correlationId?: string): Promise<RpcResponse<Subject>> {
    return this.request(subject, payload, correlationId);
  }

  /** Sends anything, as any process on NATS can: for requests the contract would not let a sender build. */
  async failure(subject: RpcSubject, payload: unknown): Promise<{ status: number; message: string }> {
    const outcome = await this.request(subject, payload).then(
      (reply) => ({ reply }),
      (error: { status: number; message: string }) => ({ error }),
    );
    if ('reply' in outcome) throw new Error(`${subject} was expected to fail but answered ${JSON.stringify(outcome.reply)}`);
    return { status: outcome.error.status, message: outcome.error.message };
  }

  private request<Response>(subject: RpcSubject, payload: unknown, correlationId?: string): Promise<Response> {
    const name = `${testConfig().natsPrefix}.${subject}`;
    return firstValueFrom(this.client.send<Response>(name, rpcRecord(name, payload, testConfig().callerSecret, correlationId)));
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
