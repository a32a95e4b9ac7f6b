import { SERVER_CONFIG, ServerConfig, ServiceRequester } from '@fodmap/server';
import { Module, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { resetLinkResolver } from '../password-reset/reset-links';
import { EmailOutbox } from './email-outbox';
import { EmailRenderer } from './email-renderer';
import { Mailer } from './mailer';

/** Starts the outbox sender once the app is up and stops it before PostgreSQL and NATS close. */
class EmailOutboxRunner implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(private readonly outbox: EmailOutbox) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.outbox.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.outbox.stop();
  }
}

/** Sends the emails that consumers record in the outbox, after their transactions commit. */
@Module({
  providers: [
    {
      provide: EmailOutbox,
      useFactory: (dataSource: DataSource, config: ServerConfig, requester: ServiceRequester) =>
        new EmailOutbox({
          dataSource,
          databaseUrl: config.databaseUrl,
          renderer: new EmailRenderer(),
          transport: new Mailer(config.smtpUrl),
          resolvers: { 'password-reset': resetLinkResolver(requester) },
        }),
      inject: [getDataSourceToken(), SERVER_CONFIG, ServiceRequester],
    },
    { provide: EmailOutboxRunner, useFactory: (outbox: EmailOutbox) => new EmailOutboxRunner(outbox), inject: [EmailOutbox] },
  ],
  exports: [EmailOutbox],
})
export class EmailModule {}
