import { Module } from '@nestjs/common';
import { EventsModule, ServiceCoreModule } from '@fodmap/server';
import { DashboardModule } from './dashboard/dashboard.module';
import { EducationModule } from './education/education.module';
import { ExportModule } from './export/export.module';
import { journalSchema } from './journal.schema';
import { MealsModule } from './meals/meals.module';
import { SymptomsModule } from './symptoms/symptoms.module';

@Module({
  imports: [
    ServiceCoreModule.forRoot({ name: journalSchema.service, entities: journalSchema.entities, migrations: journalSchema.migrations }),
    EventsModule.forRoot({ relay: true, erasure: journalSchema.erasure }),
    MealsModule,
    SymptomsModule,
    DashboardModule,
    EducationModule,
    ExportModule,
  ],
})
export class AppModule {}
