import { canonicalTimeZone, DEFAULT_TIME_ZONE, Messages, Rpc, RpcParsed, User } from '@fodmap/contracts';
import { EventStore, rpcFailure } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, QueryFailedError, Repository } from 'typeorm';
import { PasswordHasher } from '../passwords/password-hasher';
import { SubscriptionService } from '../subscription/subscription.service';
import { UserEntity } from './user.entity';
import { userRegistered, userStream } from './user-registered.event';
import { toUser, UserViewRow } from './user.view';

const UNIQUE_VIOLATION = '23505';

/** One user's public columns by primary key, named as the entity's properties. */
function viewByIdSql(table: string): string {
  return `SELECT id, email, first_name AS "firstName", last_name AS "lastName", profile_image_url AS "profileImageUrl", is_admin AS "isAdmin",
    email_notifications AS "emailNotifications", meal_notifications AS "mealNotifications", time_zone AS "timeZone", created_at AS "createdAt"
    FROM ${table} WHERE id = $1`;
}

@Injectable()
export class UsersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly events: EventStore,
    private readonly passwords: PasswordHasher,
    private readonly subscriptions: SubscriptionService,
  ) {}

  async register({ email, password, firstName, lastName, timeZone }: RpcParsed<typeof Rpc.identity.register>['input']): Promise<User> {
    const zone = timeZone === undefined ? DEFAULT_TIME_ZONE : canonicalTimeZone(timeZone);
    if (zone === null) throw rpcFailure(400, Messages.invalidTimeZone);
    if (await this.users.existsBy({ email })) throw rpcFailure(409, Messages.emailTaken);
    const passwordHash = await this.passwords.hash(password);
    // The id is drawn first because it names the event stream that the user row is written with.
    const [{ id }]: Array<{ id: number }> = await this.dataSource.query(`SELECT nextval(pg_get_serial_sequence('identity.users', 'id'))::int AS id`);
    const registeredAt = new Date();
    try {
      const event = userRegistered({ userId: id, email, firstName, lastName, timeZone: zone });
      await this.events.append(userStream(id), 0, [event], { userId: id, occurredAt: registeredAt.toISOString() }, async (manager) => {
        await manager.insert(UserEntity, { id, email, passwordHash, firstName, lastName, timeZone: zone, createdAt: registeredAt });
        await this.subscriptions.startTrial(manager, id, registeredAt);
      });
      return toUser(await this.users.findOneByOrFail({ id }));
    } catch (error) {
      // Two registrations with one email raced past the check above: the unique index decides.
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION) {
        throw rpcFailure(409, Messages.emailTaken);
      }
      throw error;
    }
  }

  async login({ email, password }: RpcParsed<typeof Rpc.identity.login>['input']): Promise<User> {
    const user = await this.users.findOneBy({ email });
    const passwordMatches = await this.passwords.verify(user?.passwordHash ?? null, password);
    if (!user || !passwordMatches) throw rpcFailure(401, Messages.invalidCredentials);
    return toUser(user);
  }

  async get(userId: number): Promise<User> {
    // The gateway asks this on every page load: one indexed row as plain values, without TypeORM's query building and hydration.
    const [user]: UserViewRow[] = await this.dataSource.query(viewByIdSql(this.users.metadata.tablePath), [userId]);
    if (!user) throw rpcFailure(404, Messages.userNotFound);
    return toUser(user);
  }

  updateNotifications(userId: number, preferences: RpcParsed<typeof Rpc.identity.updateNotifications>['input']): Promise<User> {
    return this.update(userId, preferences);
  }

  setPhoto(userId: number, profileImageUrl: string | null): Promise<User> {
    return this.update(userId, { profileImageUrl });
  }

  private async update(userId: number, changes: Partial<Pick<UserEntity, 'emailNotifications' | 'mealNotifications' | 'profileImageUrl'>>): Promise<User> {
    const result = await this.users.update({ id: userId }, changes);
    if (!result.affected) throw rpcFailure(401, Messages.unauthorized);
    return toUser(await this.users.findOneByOrFail({ id: userId }));
  }
}
