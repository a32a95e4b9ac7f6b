import { Module } from '@nestjs/common';
import { ServiceCoreModule } from '@fodmap/server';

@Module({
  imports: [ServiceCoreModule.forRoot({ name: 'notifications', entities: [], migrations: [] })],
})
export class AppModule {}
