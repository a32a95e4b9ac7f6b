import { Module } from '@nestjs/common';
import { MealEmailHandler } from './meal-email.handler';

/** Profile's test meal email; the meal emails themselves are recorded by the meal_emails consumer. */
@Module({ controllers: [MealEmailHandler] })
export class MealEmailModule {}
