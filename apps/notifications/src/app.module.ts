import { EventsModule, projectionEntities, ServiceCoreModule } from '@fodmap/server';
import { Module } from '@nestjs/common';
import { EmailModule } from './email/email.module';
import { SentEmailEntity } from './email/sent-email.entity';
import { NotificationsSchema1763780000000 } from './migrations/1763780000000-notifications-schema';
import { EmailOutbox1767400000000 } from './migrations/1767400000000-email-outbox';
import { passwordResetEmails } from './password-reset/password-reset-emails.projection';

@Module({
  imports: [
    ServiceCoreModule.forRoot({
      name: 'notifications',
      entities: [SentEmailEntity, ...projectionEntities],
      migrations: [NotificationsSchema1763780000000, EmailOutbox1767400000000],
    }),
    EventsModule.forRoot({ relay: false, projections: [passwordResetEmails] }),
    EmailModule,
  ],
})
export class AppModule {}
