import { Module } from '@nestjs/common';
import { AccountController } from './account/account.controller';
import { AuthController } from './auth/auth.controller';
import { LoginAttempts } from './auth/login-attempts';
import { FoodsController } from './foods/foods.controller';
import { HealthController } from './health/health.controller';
import { InfraModule } from './infra/infra.module';
import { MealsController } from './meals/meals.controller';
import { PhotoStore } from './photos/photo-store';
import { PhotosController } from './photos/photos.controller';
import { ServicesModule } from './services/services.module';

@Module({
  imports: [InfraModule, ServicesModule],
  controllers: [AuthController, AccountController, PhotosController, MealsController, FoodsController, HealthController],
  providers: [LoginAttempts, PhotoStore],
})
export class AppModule {}
