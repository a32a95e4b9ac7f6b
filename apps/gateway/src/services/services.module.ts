import { Global, Module } from '@nestjs/common';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { GatewayConfig, SERVER_CONFIG } from '@fodmap/server';
import { ServiceClient, SERVICES_PROXY } from './service-client';

@Global()
@Module({
  providers: [
    {
      provide: SERVICES_PROXY,
      useFactory: (config: GatewayConfig) => ClientProxyFactory.create({ transport: Transport.NATS, options: { ...config.nats, name: 'gateway-rpc' } }),
      inject: [SERVER_CONFIG],
    },
    ServiceClient,
  ],
  exports: [ServiceClient],
})
export class ServicesModule {}
