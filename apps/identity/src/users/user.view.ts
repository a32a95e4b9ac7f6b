import { notificationDefaults, User } from '@fodmap/contracts';
import { UserEntity } from './user.entity';

/** The columns the public user is made of: everything but the password hash. */
export type UserViewRow = Omit<UserEntity, 'passwordHash'>;

/** The public user: everything the browser may see, never the password hash. */
export function toUser(entity: UserViewRow): User {
  return {
    id: entity.id,
    email: entity.email,
    firstName: entity.firstName,
    lastName: entity.lastName,
    profileImageUrl: entity.profileImageUrl,
    isAdmin: entity.isAdmin,
    ...notificationDefaults(entity),
    timeZone: entity.timeZone,
    createdAt: entity.createdAt.toISOString(),
  };
}
