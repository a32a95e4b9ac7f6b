import { Module } from '@nestjs/common';
import { MealsModule } from '../meals/meals.module';
import { DashboardHandler } from './dashboard.handler';

@Module({ imports: [MealsModule], controllers: [DashboardHandler] })
export class DashboardModule {}
