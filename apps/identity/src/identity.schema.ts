import { IDENTITY } from '@fodmap/contracts';
import { eventStoreEntities } from '@fodmap/server';
import { AdminUserEntity } from './admin-users/admin-user.entity';
import { DomainConfigEntity } from './domain-config/domain-config.entity';
import { EmailLinkEntity } from './email-links/email-link.entity';
import { IdentitySchema1763780000000 } from './migrations/1763780000000-identity-schema';
import { PasswordResetLinks1767400000000 } from './migrations/1767400000000-password-reset-links';
import { AdminUsersAndSignUpHost1767700000000 } from './migrations/1767700000000-admin-users-and-sign-up-host';
import { StripeSubscriptions1768000000000 } from './migrations/1768000000000-stripe-subscriptions';
import { PersonProfile1768300000000 } from './migrations/1768300000000-person-profile';
import { VerifiedEmail1768600000000 } from './migrations/1768600000000-verified-email';
import { EmailVerification1768700000000 } from './migrations/1768700000000-email-verification';
import { EmailLinkTokens1769600000000 } from './migrations/1769600000000-email-link-tokens';
import { SubscriptionEntity } from './subscription/subscription.entity';
import { UserEntity } from './users/user.entity';

/** What the identity schema holds: shared by the service and its commands. Its state is its rows; it keeps no projections. */
export const identitySchema = {
  service: IDENTITY,
  entities: [UserEntity, SubscriptionEntity, EmailLinkEntity, DomainConfigEntity, AdminUserEntity, ...eventStoreEntities],
  migrations: [IdentitySchema1763780000000, PasswordResetLinks1767400000000, AdminUsersAndSignUpHost1767700000000, StripeSubscriptions1768000000000, PersonProfile1768300000000, VerifiedEmail1768600000000, EmailVerification1768700000000, EmailLinkTokens1769600000000],
};
