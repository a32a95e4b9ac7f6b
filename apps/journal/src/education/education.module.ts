import { Module } from '@nestjs/common';
import { EducationHandler } from './education.handler';

@Module({ controllers: [EducationHandler] })
export class EducationModule {}
