import { Global, Module } from '@nestjs/common';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { loadConfig } from '@fodmap/server';
import { ServiceClient, SERVICES_PROXY } from './service-client';

@Global()
@Module({
  providers: [
    {
      provide: SERVICES_PROXY,
      useFactory: () => ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [loadConfig().natsUrl], name: 'gateway-rpc' } }),
    },
    ServiceClient,
  ],
  exports: [ServiceClient],
})
export class ServicesModule {}
