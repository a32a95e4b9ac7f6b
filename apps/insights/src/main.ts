import 'reflect-metadata';
import { bootstrapService, loadInsightsConfig } from '@fodmap/server';
import { AppModule } from './app.module';

void bootstrapService('insights', AppModule, loadInsightsConfig);
