import { AccountMessages, canonicalTimeZone, DEFAULT_TIME_ZONE, DomainEvents, ErasedAccount, IDENTITY, Messages, ProfileChange, Rpc, RpcParsed, User } from '@fodmap/contracts';
import { CommandHandler, eraseEventsOf, EventStore, NATS_CONNECTION, rpcFailure, SERVER_CONFIG, ServerConfig } from '@fodmap/server';
import { Inject, Injectable } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, QueryFailedError, Repository } from 'typeorm';
import { isAdminSql } from '../admin-users/admin-access';
import { recordVerificationRequest } from '../email-verification/email-verification.service';
import { normaliseHost } from '../domain-config/host';
import { refuseCommonPassword } from '../passwords/common-passwords';
import { PasswordHasher } from '../passwords/password-hasher';
import { SubscriptionService } from '../subscription/subscription.service';
import { accountErasureDecider, accountErasureStream } from './account-erasure.decider';
import { UserEntity } from './user.entity';
import { UserCommand, userDecider, userStream } from './user.decider';
import { toUser, UserViewRow } from './user.view';

const UNIQUE_VIOLATION = '23505';

/** One user's public columns by primary key, named as the view's properties; isAdmin from the admin entry bound to the account. */
function viewByIdSql(table: string): string {
  return `SELECT id, email, email_verified_at AS "emailVerifiedAt", first_name AS "firstName", last_name AS "lastName", profile_image_url AS "profileImageUrl", ${isAdminSql('users')} AS "isAdmin",
    email_notifications AS "emailNotifications", meal_notifications AS "mealNotifications", time_zone AS "timeZone",
    condition, diet_phase AS "dietPhase", onboarding, created_at AS "createdAt"
    FROM ${table} users WHERE id = $1`;
}

type Preferences = RpcParsed<typeof Rpc.identity.updateNotifications>['input'];

@Injectable()
export class UsersService {
  private readonly commands: CommandHandler<DomainEvents[typeof IDENTITY]>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly passwords: PasswordHasher,
    private readonly subscriptions: SubscriptionService,
    private readonly events: EventStore<DomainEvents[typeof IDENTITY]>,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {
    this.commands = new CommandHandler(events);
  }

  /**
   * `signUpHost`: the host the browser signed up on; the person's emails are branded after it. The account starts
   * unproven, with a confirmation email whose link points at `verifyBaseUrl` (issue 20).
   */
  async register(
    { email, password, firstName, lastName, timeZone }: RpcParsed<typeof Rpc.identity.register>['input'],
    signUpHost?: string | null,
    verifyBaseUrl?: string | null,
  ): Promise<User> {
    const zone = timeZone === undefined ? DEFAULT_TIME_ZONE : canonicalTimeZone(timeZone);
    if (zone === null) throw rpcFailure(400, Messages.invalidTimeZone);
    refuseCommonPassword(password);
    if (await this.users.existsBy({ email })) throw rpcFailure(409, Messages.emailTaken);
    const passwordHash = await this.passwords.hash(password);
    const host = normaliseHost(signUpHost);
    // The id is drawn first because it names the event stream that the user row is written with.
    const [{ id }]: Array<{ id: number }> = await this.dataSource.query(`SELECT nextval(pg_get_serial_sequence('identity.users', 'id'))::int AS id`);
    const registeredAt = new Date();
    try {
      const user = { userId: id, email, firstName, lastName, timeZone: zone, host };
      const verificationId = randomUUID();
      await this.commands.handle(userDecider, userStream(id), { type: 'Register', user, verificationId }, {
        userId: id,
        occurredAt: registeredAt.toISOString(),
        after: async (manager) => {
          await manager.insert(UserEntity, { id, email, passwordHash, firstName, lastName, timeZone: zone, host, createdAt: registeredAt });
          await this.subscriptions.startTrial(manager, id, registeredAt);
          await recordVerificationRequest(manager, { verificationId, userId: id, verifyBaseUrl: verifyBaseUrl ?? null, now: registeredAt });
        },
      });
      return await this.get(id);
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
    return this.get(user.id);
  }

  async get(userId: number): Promise<User> {
    // The gateway asks this on every page load: one indexed row as plain values, without TypeORM's query building and hydration.
    const [user]: UserViewRow[] = await this.dataSource.query(viewByIdSql(this.users.metadata.tablePath), [userId]);
    if (!user) throw rpcFailure(404, Messages.userNotFound);
    return toUser(user);
  }

  /** Stores the change and appends NotificationPreferencesChanged with the values now in effect (spec §3 defaults applied). */
  updateNotifications(userId: number, preferences: Preferences): Promise<User> {
    return this.changeUser(userId, { type: 'ChangePreferences', preferences });
  }

  /** Stores the person's answers (issue 18) and appends UserProfileChanged with all of them as they now stand. */
  updateProfile(userId: number, change: ProfileChange): Promise<User> {
    return this.changeUser(userId, { type: 'ChangeProfile', change });
  }

  /** The user's row is the decider's state, written with the event in one transaction, so a consumer never acts against it. */
  private async changeUser(userId: number, command: UserCommand): Promise<User> {
    await this.commands.handleStateStored(userDecider, userStream(userId), command, {
      load: () => this.users.findOneBy({ id: userId }),
      save: async (manager, state) => {
        if (state === null) return;
        const { emailNotifications, mealNotifications, condition, dietPhase, timeZone, onboarding } = state;
        await manager.update(UserEntity, { id: userId }, { emailNotifications, mealNotifications, condition, dietPhase, timeZone, onboarding });
      },
    }, { userId });
    return this.get(userId);
  }

  async setPhoto(userId: number, profileImageUrl: string | null): Promise<User> {
    const result = await this.users.update({ id: userId }, { profileImageUrl });
    if (!result.affected) throw rpcFailure(401, Messages.unauthorized);
    return this.get(userId);
  }

  /**
   * Deletes the account (issue 20 'Erasure'): in one transaction its row (its subscription, reset and confirmation links go with it), an admin entry bound to it,
   * every identity event naming it and their messages, and AccountErased on its own stream, which every other service
   * erases the person on. Asked again once erased (a retry, another tab), it answers the same, naming nothing.
   */
  async erase(userId: number, password: string): Promise<ErasedAccount> {
    const user = await this.users.findOneBy({ id: userId });
    if (user === null) {
      if ((await this.events.streamVersion(accountErasureStream(userId))) > 0) return { email: null, profileImageUrl: null };
      throw rpcFailure(401, Messages.unauthorized);
    }
    if (!(await this.passwords.verify(user.passwordHash, password))) throw rpcFailure(403, AccountMessages.currentPasswordWrong);
    await this.commands.handle(accountErasureDecider, accountErasureStream(userId), { userId, at: new Date() }, {
      userId: null,
      after: async (manager) => {
        await manager.delete(UserEntity, { id: userId });
        // An admin entry bound to the account goes with it: the rights were the account's (docs/security.md).
        await manager.query('DELETE FROM identity.admin_users WHERE user_id = $1', [userId]);
        await eraseEventsOf({ manager, schema: this.events.schema, nats: this.nats, natsPrefix: this.config.natsPrefix, service: IDENTITY, userId });
      },
    });
    return { email: user.email, profileImageUrl: user.profileImageUrl };
  }
}
