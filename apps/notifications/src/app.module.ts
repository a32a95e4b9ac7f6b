import { EventsModule, loadConfig, projectionEntities, ServiceCoreModule } from '@fodmap/server';
import { Module } from '@nestjs/common';
import { EmailRenderer } from './email/email-renderer';
import { EventEmailSender } from './email/event-email-sender';
import { Mailer } from './email/mailer';
import { SentEmailEntity } from './email/sent-email.entity';
import { NotificationsSchema1763780000000 } from './migrations/1763780000000-notifications-schema';
import { passwordResetEmails } from './password-reset/password-reset-emails.projection';

// Built here rather than injected: the projections are options of EventsModule, given when the module is declared.
const emails = new EventEmailSender(new EmailRenderer(), new Mailer(loadConfig().smtpUrl));

@Module({
  imports: [
    ServiceCoreModule.forRoot({
      name: 'notifications',
      entities: [SentEmailEntity, ...projectionEntities],
      migrations: [NotificationsSchema1763780000000],
    }),
    EventsModule.forRoot({ relay: false, projections: [passwordResetEmails(emails)] }),
  ],
})
export class AppModule {}
