import { RpcRequest, RpcResponse, RpcSubject } from '@fodmap/contracts';
import { loadConfig, rpcRecord } from '@fodmap/server';
import { ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import { provided } from './provided';

/**
 * Straight to a service over NATS, signed as the gateway signs its callers: seeds a long history without the gateway's
 * per-person write limit (120 a minute), or asks a service what no route asks.
 */
export class ServiceRpc {
  private constructor(private readonly client: ClientProxy) {}

  static async connect(): Promise<ServiceRpc> {
    const client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [loadConfig().natsUrl] } });
    await client.connect();
    return new ServiceRpc(client);
  }

  send<Subject extends RpcSubject>(subject: Subject, request: RpcRequest<Subject>): Promise<RpcResponse<Subject>> {
    const full = `${provided('natsPrefix')}.${subject}`;
    return firstValueFrom(this.client.send<RpcResponse<Subject>>(full, rpcRecord(full, request, loadConfig().callerSecret, undefined)));
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
