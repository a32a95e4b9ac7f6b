import { INestMicroservice, Type } from '@nestjs/common';
import { ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import { bootstrapService } from '../../libs/server/src/bootstrap-service';
import { testConfig } from './test-environment';

/** Loaded here, by path, so that a test of one service can start another without the service importing it. */
const appModules: Record<'journal' | 'insights', () => Promise<{ AppModule: Type<unknown> }>> = {
  journal: () => import('../../apps/journal/src/app.module'),
  insights: () => import('../../apps/insights/src/app.module'),
};

/** Starts a service in-process exactly as its main.ts does, on the run's database and NATS prefix. */
export async function startService(name: keyof typeof appModules): Promise<INestMicroservice> {
  const { AppModule } = await appModules[name]();
  return bootstrapService(name, AppModule);
}

/** A NATS client speaking to services the way the gateway does; failures resolve to their `{ status, message }`. */
export class ServiceCaller {
  private constructor(private readonly client: ClientProxy) {}

  static async connect(): Promise<ServiceCaller> {
    const client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [testConfig().natsUrl] } });
    await client.connect();
    return new ServiceCaller(client);
  }

  call<T>(subject: string, payload: unknown): Promise<T> {
    return firstValueFrom(this.client.send<T>(`${testConfig().natsPrefix}.${subject}`, payload));
  }

  async failure(subject: string, payload: unknown): Promise<{ status: number; message: string }> {
    const outcome = await this.call<unknown>(subject, payload).then(
      (reply) => ({ reply }),
      (error: { status: number; message: string }) => ({ error }),
    );
    if ('reply' in outcome) throw new Error(`${subject} was expected to fail but answered ${JSON.stringify(outcome.reply)}`);
    return { status: outcome.error.status, message: outcome.error.message };
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
