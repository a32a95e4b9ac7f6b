import 'reflect-metadata';
import { IDENTITY } from '@fodmap/contracts';
import { bootstrapService, loadIdentityConfig } from '@fodmap/server';
import { AppModule } from './app.module';

// A malformed ADMIN_EMAILS (or any other setting) stops start-up with its one-line reason before anything connects.
void bootstrapService(IDENTITY, AppModule, loadIdentityConfig);
