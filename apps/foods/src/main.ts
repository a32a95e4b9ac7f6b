import 'reflect-metadata';
import { bootstrapService, loadFoodsConfig } from '@fodmap/server';
import { AppModule } from './app.module';

void bootstrapService('foods', AppModule, loadFoodsConfig);
