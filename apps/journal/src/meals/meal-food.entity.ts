import { FoodSnapshot } from '@fodmap/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

const bigintId = { to: (id: number) => id, from: (id: string) => Number(id) };

/** A row of the `meal_foods` read table: one food entry of a meal, with the food as it was when added. */
@Entity({ name: 'meal_foods' })
export class MealFoodRecord {
  @PrimaryColumn({ type: 'bigint', transformer: bigintId })
  id: number;

  @Column({ name: 'meal_id', type: 'bigint', transformer: bigintId })
  mealId: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  /** the MealFoodAdded event's version in the meal's stream: the order the foods were added in */
  @Column({ type: 'integer' })
  position: number;

  @Column({ type: 'double precision' })
  quantity: number;

  @Column({ name: 'serving_unit', type: 'text' })
  servingUnit: string;

  @Column({ type: 'double precision', nullable: true })
  grams: number | null;

  @Column({ type: 'jsonb' })
  food: FoodSnapshot;
}
