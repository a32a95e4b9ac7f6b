import { Module, OnApplicationBootstrap } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { loadIdentityConfig } from '@fodmap/server';
import { AdminUserEntity } from './admin-user.entity';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';

@Module({
  imports: [TypeOrmModule.forFeature([AdminUserEntity])],
  controllers: [AdminUsersController],
  providers: [AdminUsersService],
})
export class AdminUsersModule implements OnApplicationBootstrap {
  constructor(private readonly adminUsers: AdminUsersService) {}

  /** The first admins come from ADMIN_EMAILS, once the migrations have run and before any request is served. */
  onApplicationBootstrap(): Promise<void> {
    return this.adminUsers.addFromEnvironment(loadIdentityConfig().adminEmails);
  }
}
