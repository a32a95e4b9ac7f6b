import 'reflect-metadata';
import { bootstrapService, loadIdentityConfig } from '@fodmap/server';
import { AppModule } from './app.module';

// A malformed ADMIN_EMAILS (or any other setting) stops start-up with its one-line reason before anything connects.
void bootstrapService('identity', AppModule, loadIdentityConfig);
