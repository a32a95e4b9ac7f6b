import 'reflect-metadata';
import { bootstrapService, loadNotificationsConfig } from '@fodmap/server';
import { AppModule } from './app.module';

void bootstrapService('notifications', AppModule, loadNotificationsConfig);
