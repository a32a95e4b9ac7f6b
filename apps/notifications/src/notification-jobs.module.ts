import { JobWorker, NotificationsConfig } from '@fodmap/server';
import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EmailModule, NOTIFICATIONS_CONFIG } from './email/email.module';
import { EmailSender } from './email/email-sender';
import { MealEmailModule } from './meal-email/meal-email.module';
import { MealEmails } from './meal-email/meal-emails';

/** The service's job worker: every email, EMAIL_SEND_CONCURRENCY at a time (each over a pooled SMTP connection). */
@Module({
  imports: [EmailModule, MealEmailModule],
  providers: [
    {
      provide: JobWorker,
      useFactory: (dataSource: DataSource, config: NotificationsConfig, sender: EmailSender, mealEmails: MealEmails) =>
        new JobWorker({ dataSource, handlers: [sender.handler(), mealEmails.handler()], concurrency: config.emailSendConcurrency }),
      inject: [getDataSourceToken(), NOTIFICATIONS_CONFIG, EmailSender, MealEmails],
    },
  ],
  exports: [JobWorker],
})
export class NotificationJobsModule {}
