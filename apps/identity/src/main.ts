import 'reflect-metadata';
import { bootstrapService } from '@fodmap/server';
import { AppModule } from './app.module';

void bootstrapService('identity', AppModule);
