import { AdminMessages, AdminUser, Caller, DomainEvents, IDENTITY, MessageReply, Messages } from '@fodmap/contracts';
import { CommandHandler, EventStore, rpcFailure } from '@fodmap/server';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { UserEntity } from '../users/user.entity';
import { PROVEN_ACCOUNT_SQL } from './admin-access';
import { AdminUserChanges, AdminUserCommand, adminUserDecider, AdminUserState, adminUserStream } from './admin-user.decider';
import { AdminUserEntity } from './admin-user.entity';

const UNIQUE_VIOLATION = '23505';

function toAdminUser(entity: AdminUserEntity): AdminUser {
  return {
    id: entity.id,
    email: entity.email,
    firstName: entity.firstName,
    lastName: entity.lastName,
    isActive: entity.isActive,
    createdAt: entity.createdAt.toISOString(),
  };
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION;
}

/**
 * The admin users list (spec §3, issue 9). The gateway lets only active admins reach these subjects; the caller is the
 * admin acting, who may not deactivate or remove their own entry (so that no one locks everyone out by a slip).
 */
@Injectable()
export class AdminUsersService {
  private readonly logger = new Logger(AdminUsersService.name);
  private readonly commands: CommandHandler<DomainEvents[typeof IDENTITY]>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    events: EventStore<DomainEvents[typeof IDENTITY]>,
  ) {
    this.commands = new CommandHandler(events);
  }

  async list(): Promise<AdminUser[]> {
    const rows = await this.dataSource.manager.find(AdminUserEntity, { order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toAdminUser);
  }

  async create(caller: Caller, entry: AdminUserChanges): Promise<AdminUser> {
    // The id is drawn first because it names the entry's event stream.
    const [{ id }]: Array<{ id: number }> = await this.dataSource.query(`SELECT nextval(pg_get_serial_sequence('identity.admin_users', 'id'))::int AS id`);
    await this.execute(caller, id, { type: 'Add', adminUserId: id, entry });
    return toAdminUser(await this.dataSource.manager.findOneByOrFail(AdminUserEntity, { id }));
  }

  async update(caller: Caller, adminUserId: number, entry: AdminUserChanges): Promise<AdminUser> {
    await this.execute(caller, adminUserId, { type: 'Change', entry, callerEmail: await this.emailOf(caller) });
    return toAdminUser(await this.dataSource.manager.findOneByOrFail(AdminUserEntity, { id: adminUserId }));
  }

  /**
   * Removes the entry. An address that is also in ADMIN_EMAILS comes back at the next start-up: to keep such a person
   * out for good, deactivate the entry (an inactive entry stays inactive) or take the address out of ADMIN_EMAILS.
   */
  async remove(caller: Caller, adminUserId: number): Promise<MessageReply> {
    await this.execute(caller, adminUserId, { type: 'Remove', callerEmail: await this.emailOf(caller) });
    return { message: AdminMessages.adminUserDeleted };
  }

  /** The entry's row is the decider's state, written from the decided event in the append's transaction. */
  private async execute(caller: Caller, adminUserId: number, command: AdminUserCommand): Promise<void> {
    const stateStore = {
      load: () => this.dataSource.manager.findOne(AdminUserEntity, { where: { id: adminUserId }, select: { id: true, email: true, firstName: true, lastName: true, isActive: true } }),
      save: (manager: EntityManager, state: AdminUserState) => saveEntry(manager, adminUserId, state),
    };
    try {
      await this.commands.handleStateStored(adminUserDecider, adminUserStream(adminUserId), command, stateStore, { userId: caller.userId });
    } catch (error) {
      if (isUniqueViolation(error)) throw rpcFailure(409, AdminMessages.adminUserEmailTaken);
      throw error;
    }
  }

  /**
   * Makes each address of ADMIN_EMAILS that is not listed yet an active admin user, named after its account when one
   * exists and bound to it when that account has proven the address (otherwise its proof binds it later). A listed address is left as it is: an operator who deactivated it decided, and the environment does not
   * overrule that. Safe when several identity processes start at once (ON CONFLICT).
   */
  async addFromEnvironment(emails: readonly string[]): Promise<void> {
    if (emails.length === 0) return;
    const added: Array<{ email: string }> = await this.dataSource.query(
      `INSERT INTO identity.admin_users (email, first_name, last_name, user_id)
       SELECT listed.email, coalesce(account.first_name, split_part(listed.email, '@', 1)), coalesce(account.last_name, 'Admin'),
              CASE WHEN account.email_verified_at IS NOT NULL THEN account.id END
       FROM unnest($1::text[]) WITH ORDINALITY AS listed (email, position)
       LEFT JOIN identity.users account ON account.email = listed.email
       ORDER BY listed.position
       ON CONFLICT (email) DO NOTHING
       RETURNING email`,
      [emails],
    );
    // The count, not the addresses: logs carry no email address (docs/operations.md).
    if (added.length > 0) this.logger.log(`ADMIN_EMAILS: added ${added.length} admin user(s)`);
  }

  private async emailOf(caller: Caller): Promise<string> {
    const account = await this.dataSource.manager.findOne(UserEntity, { where: { id: caller.userId }, select: { email: true } });
    if (!account) throw rpcFailure(401, Messages.unauthorized);
    return account.email;
  }
}

/**
 * Writes the entry as it now stands, or deletes it once removed (the id was drawn before the first event). A new entry,
 * or one given a new address, is bound to the account that proved that address, if any (issue 20); otherwise the
 * binding stays as it is, and a deactivated entry keeps it, so its reactivation gives the rights back to that account only.
 */
async function saveEntry(manager: EntityManager, adminUserId: number, state: AdminUserState): Promise<void> {
  if (state === null) {
    await manager.delete(AdminUserEntity, { id: adminUserId });
    return;
  }
  await manager.query(
    `INSERT INTO identity.admin_users (id, email, first_name, last_name, is_active, user_id) VALUES ($1, $2, $3, $4, $5, ${PROVEN_ACCOUNT_SQL('$2')})
     ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, is_active = EXCLUDED.is_active,
       user_id = CASE WHEN admin_users.email = EXCLUDED.email THEN coalesce(admin_users.user_id, EXCLUDED.user_id) ELSE EXCLUDED.user_id END`,
    [adminUserId, state.email, state.firstName, state.lastName, state.isActive],
  );
}
