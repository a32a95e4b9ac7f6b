import { JobHandler, jobHandler, JobPayload, SERVER_CONFIG, ServerConfig } from '@fodmap/server';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { diaryUrl, findMeal, findRecipient } from '../audience/audience-reader';
import { EmailSender } from '../email/email-sender';
import { mealEmailContext } from './meal-email-content';
import { MEAL_EMAIL, mealEmailJob } from './meal-email.job';
import { mealEmailSponsor } from './meal-email-sponsors';

/** Thrown while recipients (another consumer) has not got the person yet: the job is retried with backoff. */
export class RecipientNotYetKnownError extends Error {}

/**
 * Runs the meal-email job: for a person with mealNotifications on, the completed meal as journal_digest holds it,
 * with the symptom links made at send time. A meal deleted since gets no email.
 */
@Injectable()
export class MealEmails {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    private readonly sender: EmailSender,
  ) {}

  handler(): JobHandler<typeof mealEmailJob> {
    return jobHandler(mealEmailJob, (payload) => this.send(payload));
  }

  private async send({ eventId, mealId, userId, correlationId }: JobPayload<typeof mealEmailJob>): Promise<void> {
    const manager = this.dataSource.manager;
    const recipient = await findRecipient(manager, userId);
    if (!recipient) throw new RecipientNotYetKnownError(`recipients has not got user ${userId} yet`);
    if (!recipient.mealNotifications) return;
    const meal = await findMeal(manager, mealId);
    if (!meal) return;
    const sponsor = await mealEmailSponsor(this.dataSource);
    await this.sender.send({
      eventId,
      emailType: MEAL_EMAIL,
      userId: recipient.userId,
      to: recipient.email,
      template: 'meal',
      context: { ...mealEmailContext(recipient, meal, diaryUrl(this.config.publicUrl), sponsor, 'completed') },
      correlationId,
      advertiserId: sponsor?.advertiserId ?? null,
    });
  }
}
