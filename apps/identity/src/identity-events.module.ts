import { EventsModule } from '@fodmap/server';
import { Global, Module } from '@nestjs/common';

/** Makes the one EventStore (and the one relay) of identity available to every feature module. */
@Global()
@Module({ imports: [EventsModule.forRoot({ relay: true })], exports: [EventsModule] })
export class IdentityEventsModule {}
