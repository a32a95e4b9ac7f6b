import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Meals a user logged on one of their own calendar days: the `daily_meals` projection. */
@Entity({ name: 'daily_meals' })
export class DailyMeals {
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  /** YYYY-MM-DD in the user's time zone. */
  @PrimaryColumn({ type: 'date' })
  day: string;

  @Column({ name: 'meals_count', type: 'integer' })
  mealsCount: number;
}
