import { loadNotificationsConfig, NotificationsConfig, ServiceRequester } from '@fodmap/server';
import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { LinkTokens } from '../links/link-tokens';
import { symptomLinksResolver, unsubscribeLinks } from '../links/link-urls';
import { MEAL_EMAIL } from '../meal-email/meal-email.job';
import { PASSWORD_RESET_EMAIL } from '../password-reset/password-reset-emails.projection';
import { provenAddressesOnly } from '../audience/audience-reader';
import { VERIFICATION_EMAIL } from '../email-verification/verification-emails.projection';
import { resetLinkResolver, verificationLinkResolver } from './identity-links';
import { identityBrands } from './brands';
import { EmailRenderer } from './email-renderer';
import { EmailSender } from './email-sender';
import { ExportEmailsHandler } from './export-emails.handler';
import { Mailer } from './mailer';

export const NOTIFICATIONS_CONFIG = Symbol('NOTIFICATIONS_CONFIG');

/** Sends the emails that jobs ask for, after the transactions that enqueued them commit; signs their links. */
@Module({
  controllers: [ExportEmailsHandler],
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
          caps: {
            uncapped: new Set([PASSWORD_RESET_EMAIL, VERIFICATION_EMAIL]),
            perAddressPerDay: config.emailsPerAddressPerDay,
            perPersonPerDay: { [MEAL_EMAIL]: config.mealEmailsPerDay },
          },
          mayReceive: provenAddressesOnly(dataSource),
        }),
      inject: [getDataSourceToken(), NOTIFICATIONS_CONFIG, ServiceRequester, LinkTokens, Mailer],
    },
  ],
  exports: [EmailSender, LinkTokens, NOTIFICATIONS_CONFIG],
})
export class EmailModule {}
