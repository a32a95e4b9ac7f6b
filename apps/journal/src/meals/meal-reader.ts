import { Meal, MealFood, Messages, Symptom } from '@fodmap/contracts';
import { rpcFailure } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { And, DataSource, FindOptionsWhere, In, LessThan, MoreThanOrEqual } from 'typeorm';
import { SymptomRecord, toSymptom } from '../symptoms/symptom.entity';
import { MealFoodRecord } from './meal-food.entity';
import { MealRecord } from './meal.entity';
import { toMeal, toMealFood } from './meal-view';

/** Instants [start, end): a local day of the caller's. */
export interface TimeRange {
  start: Date;
  end: Date;
}

/** Reads meals from the read tables: a page of meals, then one query for all their foods and one for all their symptoms. */
@Injectable()
export class MealReader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The caller's meal, or 404 for one that is not theirs or no longer exists. */
  async get(userId: number, mealId: number): Promise<Meal> {
    const record = await this.dataSource.getRepository(MealRecord).findOneBy({ id: mealId, userId });
    if (!record) throw rpcFailure(404, Messages.mealNotFound);
    const [meal] = await this.assemble([record]);
    return meal;
  }

  /** The caller's meals, newest first; within `range` when given. */
  async list(userId: number, range?: TimeRange): Promise<Meal[]> {
    const where: FindOptionsWhere<MealRecord> = range ? { userId, timestamp: And(MoreThanOrEqual(range.start), LessThan(range.end)) } : { userId };
    const records = await this.dataSource.getRepository(MealRecord).find({ where, order: { timestamp: 'DESC', id: 'DESC' } });
    return this.assemble(records);
  }

  private async assemble(records: MealRecord[]): Promise<Meal[]> {
    if (records.length === 0) return [];
    const mealIds = records.map((record) => record.id);
    const [foodRecords, symptomRecords] = await Promise.all([
      this.dataSource.getRepository(MealFoodRecord).find({ where: { mealId: In(mealIds) }, order: { mealId: 'ASC', position: 'ASC' } }),
      this.dataSource.getRepository(SymptomRecord).find({ where: { mealId: In(mealIds) }, order: { timestamp: 'DESC', id: 'DESC' } }),
    ]);
    const foods = groupBy(foodRecords.map((record) => ({ mealId: record.mealId, item: toMealFood(record) })));
    const symptoms = groupBy(symptomRecords.map((record) => ({ mealId: record.mealId as number, item: toSymptom(record) })));
    return records.map((record) => toMeal(record, foods.get(record.id) ?? ([] as MealFood[]), symptoms.get(record.id) ?? ([] as Symptom[])));
  }
}

function groupBy<T>(rows: { mealId: number; item: T }[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const { mealId, item } of rows) {
    const group = groups.get(mealId);
    if (group) group.push(item);
    else groups.set(mealId, [item]);
  }
  return groups;
}
