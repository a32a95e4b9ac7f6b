import { loadNotificationsConfig, NotificationsConfig, ServiceRequester } from '@fodmap/server';
import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { LinkTokens } from '../links/link-tokens';
import { symptomLinksResolver, unsubscribeLinks } from '../links/link-urls';
import { provenAddressesOnly } from '../audience/audience-reader';
import { resetLinkResolver, verificationLinkResolver } from './identity-links';
import { identityBrands } from './brands';
import { EmailRenderer } from './email-renderer';
import { EmailSender } from './email-sender';
import { Mailer } from './mailer';

export const NOTIFICATIONS_CONFIG = Symbol('NOTIFICATIONS_CONFIG');

/** Sends the emails that jobs ask for, after the transactions that enqueued them commit; signs their links. */
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
      provide: EmailSender,
      useFactory: (dataSource: DataSource, config: NotificationsConfig, requester: ServiceRequester, tokens: LinkTokens, mailer: Mailer) =>
        new EmailSender({
          dataSource,
          renderer: new EmailRenderer(),
          transport: mailer,
          resolvers: {
            'password-reset': resetLinkResolver(requester),
            'email-verification': verificationLinkResolver(requester),
            meal: symptomLinksResolver(tokens, config.publicUrl),
          },
          brandOf: identityBrands(requester),
          unsubscribeLink: unsubscribeLinks(tokens, config.publicUrl),
          mayReceive: provenAddressesOnly(dataSource),
        }),
      inject: [getDataSourceToken(), NOTIFICATIONS_CONFIG, ServiceRequester, LinkTokens, Mailer],
    },
  ],
  exports: [EmailSender, LinkTokens, NOTIFICATIONS_CONFIG],
})
export class EmailModule {}
