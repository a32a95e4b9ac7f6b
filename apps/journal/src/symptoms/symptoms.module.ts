import { Module } from '@nestjs/common';
import { MealsModule } from '../meals/meals.module';
import { DeleteSymptomHandler } from './delete/delete-symptom.handler';
import { ListSymptomsHandler } from './list/list-symptoms.handler';
import { LogSymptomHandler } from './log/log-symptom.handler';
import { UpdateSymptomHandler } from './update/update-symptom.handler';

@Module({ imports: [MealsModule], controllers: [LogSymptomHandler, UpdateSymptomHandler, ListSymptomsHandler, DeleteSymptomHandler] })
export class SymptomsModule {}
