import { loadNotificationsConfig, NotificationsConfig, ServiceRequester } from '@fodmap/server';
import { Module, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { LinkTokens } from '../links/link-tokens';
import { symptomLinksResolver, unsubscribeLinks } from '../links/link-urls';
import { resetLinkResolver } from '../password-reset/reset-links';
import { identityBrands } from './brands';
import { EmailOutbox } from './email-outbox';
import { EmailRenderer } from './email-renderer';
import { Mailer } from './mailer';

export const NOTIFICATIONS_CONFIG = Symbol('NOTIFICATIONS_CONFIG');

/** Starts the outbox sender once the app is up and stops it, then the SMTP pool, before PostgreSQL and NATS close. */
class EmailOutboxRunner implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    private readonly outbox: EmailOutbox,
    private readonly mailer: Mailer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.outbox.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.outbox.stop();
    this.mailer.close();
  }
}

/** Sends the emails that consumers record in the outbox, after their transactions commit; signs their links. */
@Module({
  providers: [
    { provide: NOTIFICATIONS_CONFIG, useFactory: () => loadNotificationsConfig() },
    { provide: LinkTokens, useFactory: (config: NotificationsConfig) => new LinkTokens(config.linkSecret), inject: [NOTIFICATIONS_CONFIG] },
    {
      provide: Mailer,
      useFactory: (config: NotificationsConfig) => new Mailer(config.smtpUrl, config.emailSendConcurrency),
      inject: [NOTIFICATIONS_CONFIG],
    },
    {
      provide: EmailOutbox,
      useFactory: (dataSource: DataSource, config: NotificationsConfig, requester: ServiceRequester, tokens: LinkTokens, mailer: Mailer) =>
        new EmailOutbox({
          dataSource,
          databaseUrl: config.databaseUrl,
          renderer: new EmailRenderer(),
          transport: mailer,
          resolvers: { 'password-reset': resetLinkResolver(requester), meal: symptomLinksResolver(tokens, config.publicUrl) },
          brandOf: identityBrands(requester),
          unsubscribeLink: unsubscribeLinks(tokens, config.publicUrl),
          tuning: { concurrency: config.emailSendConcurrency },
        }),
      inject: [getDataSourceToken(), NOTIFICATIONS_CONFIG, ServiceRequester, LinkTokens, Mailer],
    },
    {
      provide: EmailOutboxRunner,
      useFactory: (outbox: EmailOutbox, mailer: Mailer) => new EmailOutboxRunner(outbox, mailer),
      inject: [EmailOutbox, Mailer],
    },
  ],
  exports: [EmailOutbox, LinkTokens, NOTIFICATIONS_CONFIG],
})
export class EmailModule {}
