import { SERVER_CONFIG, ServerConfig } from '@fodmap/server';
import { Inject, Module, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { resetLinkResolver } from '../password-reset/reset-links';
import { EmailOutbox } from './email-outbox';
import { EmailRenderer } from './email-renderer';
import { Mailer } from './mailer';

const IDENTITY = Symbol('IDENTITY');

/** Starts the outbox sender once the app is up and stops it before PostgreSQL and NATS close. */
class EmailOutboxRunner implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    private readonly outbox: EmailOutbox,
    @Inject(IDENTITY) private readonly identity: ClientProxy,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.outbox.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.outbox.stop();
    await this.identity.close();
  }
}

/** Sends the emails that consumers record in the outbox, after their transactions commit. */
@Module({
  providers: [
    {
      provide: IDENTITY,
      useFactory: (config: ServerConfig) => ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [config.natsUrl] } }),
      inject: [SERVER_CONFIG],
    },
    {
      provide: EmailOutbox,
      useFactory: (dataSource: DataSource, config: ServerConfig, identity: ClientProxy) =>
        new EmailOutbox({
          dataSource,
          databaseUrl: config.databaseUrl,
          renderer: new EmailRenderer(),
          transport: new Mailer(config.smtpUrl),
          resolvers: { 'password-reset': resetLinkResolver(identity) },
        }),
      inject: [getDataSourceToken(), SERVER_CONFIG, IDENTITY],
    },
    { provide: EmailOutboxRunner, useFactory: (outbox: EmailOutbox, identity: ClientProxy) => new EmailOutboxRunner(outbox, identity), inject: [EmailOutbox, IDENTITY] },
  ],
  exports: [EmailOutbox],
})
export class EmailModule {}
