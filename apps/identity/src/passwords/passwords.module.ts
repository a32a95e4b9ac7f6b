import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmailVerificationModule } from '../email-verification/email-verification.module';
import { UserEntity } from '../users/user.entity';
import { PasswordHasher } from './password-hasher';
import { PasswordsController } from './passwords.controller';
import { PasswordsService } from './passwords.service';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), EmailVerificationModule],
  controllers: [PasswordsController],
  providers: [PasswordHasher, PasswordsService],
  exports: [PasswordHasher],
})
export class PasswordsModule {}
