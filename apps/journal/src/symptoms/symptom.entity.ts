import { Severity, Symptom, SymptomType } from '@fodmap/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

const bigintId = { to: (id: number | null) => id, from: (id: string | null) => (id === null ? null : Number(id)) };

/** A row of the `symptoms` read table, kept by the inline symptoms projection. */
@Entity({ name: 'symptoms' })
export class SymptomRecord {
  @PrimaryColumn({ type: 'bigint', transformer: bigintId })
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  /** null when logged without a meal, or once its meal was deleted */
  @Column({ name: 'meal_id', type: 'bigint', nullable: true, transformer: bigintId })
  mealId: number | null;

  @Column({ name: 'symptom_type', type: 'text' })
  symptomType: SymptomType;

  @Column({ type: 'text' })
  severity: Severity;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ type: 'timestamptz' })
  timestamp: Date;
}

export function toSymptom(record: SymptomRecord): Symptom {
  return {
    id: record.id,
    symptomType: record.symptomType,
    severity: record.severity,
    notes: record.notes,
    timestamp: record.timestamp.toISOString(),
    mealId: record.mealId,
  };
}
