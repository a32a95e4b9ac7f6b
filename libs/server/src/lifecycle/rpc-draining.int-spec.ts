import { eventually, testConfig } from '@fodmap/testing';
import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxy, ClientProxyFactory, MessagePattern, Payload, RpcException, Transport } from '@nestjs/microservices';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { firstValueFrom } from 'rxjs';
import { DrainingNatsServer, rpcInFlight } from './rpc-draining';

/**
 * A service stopping while it answers (issue 21's rollouts): every request it has taken is answered before it closes,
 * counted from Nest's publisher for the request until its last packet, answers and refusals alike.
 */
describe('DrainingNatsServer', () => {
  const prefix = `draining_${randomBytes(4).toString('hex')}`;
  let service: INestMicroservice;
  let client: ClientProxy;
  const release: Array<() => void> = [];

  beforeAll(async () => {
    @Controller()
    class SlowController {
      @MessagePattern(`${prefix}.slow`)
      slow(@Payload() body: { n: number }): Promise<{ n: number }> {
        return new Promise((answer) => release.push(() => answer({ n: body.n })));
      }

      @MessagePattern(`${prefix}.refused`)
      refused(): never {
        throw new RpcException({ status: 404, message: 'Not here' });
      }
    }
    @Module({ controllers: [SlowController] })
    class SlowModule {}
    service = await NestFactory.createMicroservice(SlowModule, { strategy: new DrainingNatsServer({ servers: [testConfig().natsUrl], queue: prefix }), logger: false });
    await service.listen();
    client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [testConfig().natsUrl] } });
    await client.connect();
  });

  afterAll(async () => {
    await client?.close();
  });

  it('counts a refusal while it is handled and not after', async () => {
    await expect(firstValueFrom(client.send(`${prefix}.refused`, {}))).rejects.toEqual({ status: 404, message: 'Not here' });
    expect(rpcInFlight.size).toBe(0);
  });

  it('answers the requests it holds when closed, then stops taking any', async () => {
    const answers = [1, 2, 3].map((n) => firstValueFrom(client.send<{ n: number }>(`${prefix}.slow`, { n })));
    await eventually(async () => expect(release).toHaveLength(3));
    expect(rpcInFlight.size).toBe(3);

    let closed = false;
    const closing = service.close().then(() => (closed = true));
    await new Promise((later) => setTimeout(later, 100));
    expect(closed).toBe(false);

    release.splice(0).forEach((answer) => answer());
    await expect(Promise.all(answers)).resolves.toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    await closing;
    expect(rpcInFlight.size).toBe(0);
    await expect(firstValueFrom(client.send(`${prefix}.slow`, { n: 4 }))).rejects.toThrow(/no subscribers/);
  });
});
