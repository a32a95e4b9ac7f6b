import { AccountMessages, MessageReply, Messages, NotificationsMessages, Rpc, RpcParsed } from '@fodmap/contracts';
import { Handles, liveJobs, rpcFailure, SERVER_CONFIG, ServerConfig } from '@fodmap/server';
import { Controller, Inject } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { awaitRecipient, diaryUrl, newestMeal } from '../audience/audience-reader';
import { enqueueEmail } from '../email/email-sender';
import { mealEmailContext } from './meal-email-content';
import { mealEmailSponsor } from './meal-email-sponsors';
import { MEAL_EMAIL } from './meal-email.job';

@Controller()
export class MealEmailHandler {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** Profile's 'Send Test Meal Email': the caller's newest meal (or none), to their own address, with symptom links. */
  @Handles(Rpc.notifications.testMealEmail)
  async testMealEmail({ caller }: RpcParsed<typeof Rpc.notifications.testMealEmail>): Promise<MessageReply> {
    const recipient = await awaitRecipient(this.dataSource, caller.userId);
    if (!recipient) throw rpcFailure(404, Messages.userNotFound);
    // The sender would drop it (provenAddressesOnly): say why instead of 'sent'.
    if (!recipient.emailVerified) throw rpcFailure(403, AccountMessages.verifyEmailFirst);
    await this.dataSource.transaction(async (manager) => {
      const sponsor = await mealEmailSponsor(this.dataSource);
      await enqueueEmail(liveJobs(manager), {
        eventId: `meal-test:${randomUUID()}`,
        emailType: MEAL_EMAIL,
        userId: recipient.userId,
        to: recipient.email,
        template: 'meal',
        context: { ...mealEmailContext(recipient, await newestMeal(manager, caller.userId), diaryUrl(this.config.publicUrl), sponsor, 'test') },
        correlationId: null,
        advertiserId: sponsor?.advertiserId ?? null,
      });
    });
    return { message: NotificationsMessages.testMealEmailSent };
  }
}
