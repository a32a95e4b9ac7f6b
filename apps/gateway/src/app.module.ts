import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TerminusModule } from '@nestjs/terminus';
import { GatewayConfig, SERVER_CONFIG } from '@fodmap/server';
import { AccountController } from './account/account.controller';
import { AccountErasureController } from './account/account-erasure.controller';
import { ExportController } from './account/export.controller';
import { AdminController } from './admin/admin.controller';
import { AuthController } from './auth/auth.controller';
import { AccountCache } from './auth/account-cache';
import { CallerSerializer } from './auth/caller.serializer';
import { KnownDevices } from './auth/known-device';
import { LocalStrategy } from './auth/local.strategy';
import { LoginAttempts } from './auth/login-attempts';
import { Registrations } from './auth/registrations';
import { UserSessions } from './auth/user-sessions';
import { DashboardController } from './dashboard/dashboard.controller';
import { EducationController } from './education/education.controller';
import { EmailsController } from './emails/emails.controller';
import { AiSearchController } from './foods/ai-search.controller';
import { AiSearchLimits } from './foods/ai-search-limits';
import { FoodsController } from './foods/foods.controller';
import { HealthController } from './health/health.controller';
import { RateLimiter } from './http/rate-limit';
import { JournalWriteRate } from './journal/journal-write-rate';
import { InfraModule } from './infra/infra.module';
import { InsightsController } from './insights/insights.controller';
import { JournalReadCache } from './journal/journal-read-cache';
import { MealsController } from './meals/meals.controller';
import { OpenApiController } from './openapi/openapi.controller';
import { PhotoStore } from './photos/photo-store';
import { PhotosController } from './photos/photos.controller';
import { ServicesModule } from './services/services.module';
import { SubscriptionStatusCache } from './subscription/subscription-status-cache';
import { SubscriptionController } from './subscription/subscription.controller';
import { SymptomsController } from './symptoms/symptoms.controller';

@Module({
  imports: [InfraModule, ServicesModule, PassportModule.register({ session: true }), TerminusModule],
  controllers: [
    AuthController,
    AccountController,
    AccountErasureController,
    ExportController,
    PhotosController,
    MealsController,
    SymptomsController,
    DashboardController,
    EducationController,
    InsightsController,
    FoodsController,
    AiSearchController,
    HealthController,
    AdminController,
    EmailsController,
    SubscriptionController,
    OpenApiController,
  ],
  providers: [
    RateLimiter,
    AiSearchLimits,
    LoginAttempts,
    Registrations,
    UserSessions,
    AccountCache,
    JournalReadCache,
    JournalWriteRate,
    LocalStrategy,
    CallerSerializer,
    { provide: KnownDevices, useFactory: (config: GatewayConfig) => new KnownDevices(config.sessionSecret, config.secureCookies), inject: [SERVER_CONFIG] },
    PhotoStore,
    SubscriptionStatusCache,
  ],
})
export class AppModule {}
