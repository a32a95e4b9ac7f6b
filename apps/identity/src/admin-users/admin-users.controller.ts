import { AdminUser, MessageReply, Rpc, RpcParsed } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { AdminUsersService } from './admin-users.service';

@Controller()
export class AdminUsersController {
  constructor(private readonly adminUsers: AdminUsersService) {}

  @Handles(Rpc.identity.listAdminUsers)
  list(): Promise<AdminUser[]> {
    return this.adminUsers.list();
  }

  @Handles(Rpc.identity.createAdminUser)
  create({ caller, input }: RpcParsed<typeof Rpc.identity.createAdminUser>): Promise<AdminUser> {
    return this.adminUsers.create(caller, input);
  }

  @Handles(Rpc.identity.updateAdminUser)
  update({ caller, adminUserId, input }: RpcParsed<typeof Rpc.identity.updateAdminUser>): Promise<AdminUser> {
    return this.adminUsers.update(caller, adminUserId, input);
  }

  @Handles(Rpc.identity.deleteAdminUser)
  remove({ caller, adminUserId }: RpcParsed<typeof Rpc.identity.deleteAdminUser>): Promise<MessageReply> {
    return this.adminUsers.remove(caller, adminUserId);
  }
}
