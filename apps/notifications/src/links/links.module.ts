import { Module } from '@nestjs/common';
import { EmailModule } from '../email/email.module';
import { SymptomLinksController } from './symptom-links.controller';
import { UnsubscribeController } from './unsubscribe.controller';

/** What the emailed links do when followed: log a symptom once, turn an email off. */
@Module({ imports: [EmailModule], controllers: [SymptomLinksController, UnsubscribeController] })
export class LinksModule {}
