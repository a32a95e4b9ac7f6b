import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PasswordsModule } from '../passwords/passwords.module';
import { SubscriptionModule } from '../subscription/subscription.module';
import { UserEntity } from './user.entity';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), PasswordsModule, SubscriptionModule],
  controllers: [UsersController],
  providers: [UsersService],
})
export class UsersModule {}
