import { EventsModule, eventStoreEntities, ServiceCoreModule } from '@fodmap/server';
import { Module } from '@nestjs/common';
import { AdminUserEntity } from './admin-users/admin-user.entity';
import { AdminUsersModule } from './admin-users/admin-users.module';
import { DomainConfigEntity } from './domain-config/domain-config.entity';
import { DomainConfigModule } from './domain-config/domain-config.module';
import { IdentitySchema1763780000000 } from './migrations/1763780000000-identity-schema';
import { PasswordResetLinks1767400000000 } from './migrations/1767400000000-password-reset-links';
import { AdminUsersAndSignUpHost1767700000000 } from './migrations/1767700000000-admin-users-and-sign-up-host';
import { StripeSubscriptions1768000000000 } from './migrations/1768000000000-stripe-subscriptions';
import { PersonProfile1768300000000 } from './migrations/1768300000000-person-profile';
import { PasswordResetTokenEntity } from './passwords/password-reset-token.entity';
import { PasswordsModule } from './passwords/passwords.module';
import { SubscriptionEntity } from './subscription/subscription.entity';
import { SubscriptionModule } from './subscription/subscription.module';
import { UserEntity } from './users/user.entity';
import { UsersModule } from './users/users.module';

@Module({
  imports: [
    ServiceCoreModule.forRoot({
      name: 'identity',
      entities: [UserEntity, SubscriptionEntity, PasswordResetTokenEntity, DomainConfigEntity, AdminUserEntity, ...eventStoreEntities],
      migrations: [IdentitySchema1763780000000, PasswordResetLinks1767400000000, AdminUsersAndSignUpHost1767700000000, StripeSubscriptions1768000000000, PersonProfile1768300000000],
    }),
    EventsModule.forRoot({ relay: true }),
    UsersModule,
    PasswordsModule,
    SubscriptionModule,
    DomainConfigModule,
    AdminUsersModule,
  ],
})
export class AppModule {}
