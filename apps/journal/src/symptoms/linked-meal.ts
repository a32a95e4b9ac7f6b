import { Messages } from '@fodmap/contracts';
import { rpcFailure } from '@fodmap/server';
import { EntityManager } from 'typeorm';
import { MealRecord } from '../meals/meal.entity';

/**
 * A linked meal must be the caller's and not deleted. Checked under the append lock, where the meals table is exactly
 * what the events say and no deletion can commit in between, so a symptom never links a meal deleted meanwhile.
 */
export async function assertOwnMeal(manager: EntityManager, userId: number, mealId: number | null): Promise<void> {
  if (mealId !== null && !(await manager.getRepository(MealRecord).existsBy({ id: mealId, userId }))) throw rpcFailure(404, Messages.mealNotFound);
}
