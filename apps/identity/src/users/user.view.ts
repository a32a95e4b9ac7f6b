import { notificationDefaults, User } from '@fodmap/contracts';
import { UserEntity } from './user.entity';

/**
 * The columns the public user is made of: everything but the password hash and the sign-up host, plus whether the
 * account holds an active admin users entry (issue 9, bound to the proven account since issue 20: isAdminSql), which
 * is read with the row, never stored on it.
 */
export type UserViewRow = Omit<UserEntity, 'passwordHash' | 'host'> & { isAdmin: boolean };

/** The public user: everything the browser may see, never the password hash. */
export function toUser(row: UserViewRow): User {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    isAdmin: row.isAdmin,
    ...notificationDefaults(row),
    timeZone: row.timeZone,
    condition: row.condition,
    dietPhase: row.dietPhase,
    onboarding: row.onboarding,
    createdAt: row.createdAt.toISOString(),
  };
}
