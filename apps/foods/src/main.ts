import 'reflect-metadata';
import { FOODS } from '@fodmap/contracts';
import { bootstrapService, loadFoodsConfig } from '@fodmap/server';
import { AppModule } from './app.module';

void bootstrapService(FOODS, AppModule, loadFoodsConfig);
