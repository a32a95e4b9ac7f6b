import { EventsModule, ServiceCoreModule } from '@fodmap/server';
import { Module } from '@nestjs/common';
import { AdminUsersModule } from './admin-users/admin-users.module';
import { DomainConfigModule } from './domain-config/domain-config.module';
import { EmailVerificationModule } from './email-verification/email-verification.module';
import { identitySchema } from './identity.schema';
import { PasswordsModule } from './passwords/passwords.module';
import { SubscriptionModule } from './subscription/subscription.module';
import { UsersModule } from './users/users.module';

@Module({
  imports: [
    ServiceCoreModule.forRoot({ name: identitySchema.service, entities: identitySchema.entities, migrations: identitySchema.migrations }),
    EventsModule.forRoot({ relay: true }),
    UsersModule,
    PasswordsModule,
    EmailVerificationModule,
    SubscriptionModule,
    DomainConfigModule,
    AdminUsersModule,
  ],
})
export class AppModule {}
