import 'reflect-metadata';
import { IDENTITY } from '@fodmap/contracts';
import { bootstrapService } from '@fodmap/server';
import { AdminEmailsError, adminEmailsFrom } from './admin-users/admin-emails';
import { AppModule } from './app.module';

// A malformed ADMIN_EMAILS stops start-up with its one-line reason before anything connects.
try {
  adminEmailsFrom();
} catch (error) {
  if (!(error instanceof AdminEmailsError)) throw error;
  console.error(error.message);
  process.exit(1);
}
void bootstrapService(IDENTITY, AppModule);
