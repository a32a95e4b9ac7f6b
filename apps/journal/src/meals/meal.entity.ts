import { MealType } from '@fodmap/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A row of the `meals` read table, kept by the inline meals projection. */
@Entity({ name: 'meals' })
export class MealRecord {
  @PrimaryColumn({ type: 'bigint', transformer: { to: (id: number) => id, from: (id: string) => Number(id) } })
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'meal_type', type: 'text' })
  mealType: MealType;

  @Column({ type: 'timestamptz' })
  timestamp: Date;

  @Column({ type: 'boolean' })
  completed: boolean;

  @Column({ type: 'text', nullable: true })
  notes: string | null;
}
