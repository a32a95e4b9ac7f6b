import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../users/user.entity';
import { PasswordHasher } from './password-hasher';
import { PasswordResetTokenEntity } from './password-reset-token.entity';
import { PasswordsController } from './passwords.controller';
import { PasswordsService } from './passwords.service';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, PasswordResetTokenEntity])],
  controllers: [PasswordsController],
  providers: [PasswordHasher, PasswordsService],
  exports: [PasswordHasher],
})
export class PasswordsModule {}
