import { AdminMessages, AdminUser, adminUserInputSchema, Caller, MessageReply, Messages } from '@fodmap/contracts';
import { rpcFailure } from '@fodmap/server';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { z } from 'zod';
import { UserEntity } from '../users/user.entity';
import { AdminUserEntity } from './admin-user.entity';

const UNIQUE_VIOLATION = '23505';
type AdminUserChanges = z.output<typeof adminUserInputSchema>;

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

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(): Promise<AdminUser[]> {
    const rows = await this.dataSource.manager.find(AdminUserEntity, { order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toAdminUser);
  }

  async create(input: AdminUserChanges): Promise<AdminUser> {
    try {
      const { identifiers } = await this.dataSource.manager.insert(AdminUserEntity, input);
      return toAdminUser(await this.dataSource.manager.findOneByOrFail(AdminUserEntity, { id: identifiers[0].id as number }));
    } catch (error) {
      if (isUniqueViolation(error)) throw rpcFailure(409, AdminMessages.adminUserEmailTaken);
      throw error;
    }
  }

  async update(caller: Caller, adminUserId: number, input: AdminUserChanges): Promise<AdminUser> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const entry = await this.lockedEntry(manager, adminUserId);
        // Turning one's own entry off, or moving it to another address, ends one's own access just the same.
        const losesOwnAccess = !input.isActive || input.email !== entry.email;
        if (losesOwnAccess && (await this.isOwnEntry(manager, caller, entry))) throw rpcFailure(409, AdminMessages.cannotDeactivateSelf);
        await manager.update(AdminUserEntity, { id: adminUserId }, input);
        return toAdminUser(await manager.findOneByOrFail(AdminUserEntity, { id: adminUserId }));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw rpcFailure(409, AdminMessages.adminUserEmailTaken);
      throw error;
    }
  }

  /**
   * Removes the entry. An address that is also in ADMIN_EMAILS comes back at the next start-up: to keep such a person
   * out for good, deactivate the entry (an inactive entry stays inactive) or take the address out of ADMIN_EMAILS.
   */
  async remove(caller: Caller, adminUserId: number): Promise<MessageReply> {
    await this.dataSource.transaction(async (manager) => {
      const entry = await this.lockedEntry(manager, adminUserId);
      if (await this.isOwnEntry(manager, caller, entry)) throw rpcFailure(409, AdminMessages.cannotDeactivateSelf);
      await manager.delete(AdminUserEntity, { id: adminUserId });
    });
    return { message: AdminMessages.adminUserDeleted };
  }

  /**
   * Makes each address of ADMIN_EMAILS that is not listed yet an active admin user, named after its account when one
   * exists. A listed address is left as it is: an operator who deactivated it decided, and the environment does not
   * overrule that. Safe when several identity processes start at once (ON CONFLICT).
   */
  async addFromEnvironment(emails: readonly string[]): Promise<void> {
    if (emails.length === 0) return;
    const added: Array<{ email: string }> = await this.dataSource.query(
      `INSERT INTO identity.admin_users (email, first_name, last_name)
       SELECT listed.email, coalesce(account.first_name, split_part(listed.email, '@', 1)), coalesce(account.last_name, 'Admin')
       FROM unnest($1::text[]) WITH ORDINALITY AS listed (email, position)
       LEFT JOIN identity.users account ON account.email = listed.email
       ORDER BY listed.position
       ON CONFLICT (email) DO NOTHING
       RETURNING email`,
      [emails],
    );
    if (added.length > 0) this.logger.log(`ADMIN_EMAILS: added ${added.map((row) => row.email).join(', ')} as admin users`);
  }

  private async lockedEntry(manager: EntityManager, adminUserId: number): Promise<AdminUserEntity> {
    const entry = await manager.findOne(AdminUserEntity, { where: { id: adminUserId }, lock: { mode: 'pessimistic_write' } });
    if (!entry) throw rpcFailure(404, AdminMessages.adminUserNotFound);
    return entry;
  }

  private async isOwnEntry(manager: EntityManager, caller: Caller, entry: AdminUserEntity): Promise<boolean> {
    const account = await manager.findOne(UserEntity, { where: { id: caller.userId }, select: { email: true } });
    if (!account) throw rpcFailure(401, Messages.unauthorized);
    return account.email === entry.email;
  }
}
