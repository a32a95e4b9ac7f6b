import { Module } from '@nestjs/common';
import { EmailModule } from '../email/email.module';
import { MealEmailHandler } from './meal-email.handler';
import { MealEmails } from './meal-emails';

/** Meal emails: the meal-email job that journal_digest enqueues on MealCompleted, and Profile's test meal email. */
@Module({ imports: [EmailModule], controllers: [MealEmailHandler], providers: [MealEmails], exports: [MealEmails] })
export class MealEmailModule {}
