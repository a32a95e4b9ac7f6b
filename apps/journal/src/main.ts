import 'reflect-metadata';
import { JOURNAL } from '@fodmap/contracts';
import { bootstrapService } from '@fodmap/server';
import { AppModule } from './app.module';

void bootstrapService(JOURNAL, AppModule);
