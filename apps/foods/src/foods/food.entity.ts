import type { FodmapRating, FodmapTriggerGroup, FoodCitation, FoodType, PortionGuide } from '@fodmap/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * One table for both kinds of food so that a food id is unique across them (meals refer to either):
 * a catalogue food has a stable `key` from the catalogue file and no owner; a private food has an owner and no key.
 */
@Entity({ name: 'foods' })
export class FoodEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text', nullable: true, unique: true })
  key: string | null;

  @Column({ name: 'owner_user_id', type: 'integer', nullable: true })
  ownerUserId: number | null;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'food_type', type: 'text' })
  foodType: FoodType;

  @Column({ type: 'text', nullable: true })
  category: string | null;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  synonyms: string[];

  @Column({ name: 'serving_size', type: 'text', nullable: true })
  servingSize: string | null;

  @Column({ name: 'serving_grams', type: 'double precision', nullable: true })
  servingGrams: number | null;

  @Column({ name: 'calories_per_serving', type: 'double precision', nullable: true })
  caloriesPerServing: number | null;

  @Column({ name: 'usda_ndb', type: 'text', nullable: true })
  usdaNdb: string | null;

  @Column({ type: 'double precision', nullable: true })
  fructans: number | null;

  @Column({ type: 'double precision', nullable: true })
  galactans: number | null;

  @Column({ name: 'excess_fructose', type: 'double precision', nullable: true })
  excessFructose: number | null;

  @Column({ type: 'double precision', nullable: true })
  sorbitol: number | null;

  @Column({ type: 'double precision', nullable: true })
  mannitol: number | null;

  @Column({ type: 'double precision', nullable: true })
  xylitol: number | null;

  @Column({ type: 'double precision', nullable: true })
  lactose: number | null;

  @Column({ name: 'fodmap_rating', type: 'text' })
  fodmapRating: FodmapRating;

  @Column({ name: 'rating_basis', type: 'text', nullable: true })
  ratingBasis: string | null;

  /** Issue 10: why the rating is what it is, with its source; null for a private food. */
  @Column({ name: 'rating_explanation', type: 'text', nullable: true })
  ratingExplanation: string | null;

  @Column({ name: 'fodmap_groups', type: 'jsonb', default: () => `'[]'` })
  fodmapGroups: FodmapTriggerGroup[];

  @Column({ type: 'jsonb', nullable: true })
  portion: PortionGuide | null;

  /** a mixed or packaged food rated 'unknown' until the person checks its label */
  @Column({ name: 'check_label', type: 'boolean', default: false })
  checkLabel: boolean;

  /** the plain, common form of an everyday food: searched and listed first */
  @Column({ type: 'boolean', default: false })
  everyday: boolean;

  @Column({ name: 'can_trigger_ibs', type: 'boolean', default: false })
  canTriggerIbs: boolean;

  @Column({ name: 'ibs_trigger_type', type: 'text', nullable: true })
  ibsTriggerType: string | null;

  @Column({ name: 'ibs_trigger_severity', type: 'text', default: 'mild' })
  ibsTriggerSeverity: string;

  @Column({ name: 'ibd_trigger', type: 'boolean', default: false })
  ibdTrigger: boolean;

  @Column({ name: 'ibd_severity', type: 'text', nullable: true })
  ibdSeverity: string | null;

  @Column({ name: 'ibd_flare_avoid', type: 'boolean', default: false })
  ibdFlareAvoid: boolean;

  @Column({ name: 'crohns_trigger', type: 'boolean', default: false })
  crohnsTrigger: boolean;

  @Column({ name: 'crohns_severity', type: 'text', nullable: true })
  crohnsSeverity: string | null;

  @Column({ name: 'colitis_trigger', type: 'boolean', default: false })
  colitisTrigger: boolean;

  @Column({ name: 'colitis_severity', type: 'text', nullable: true })
  colitisSeverity: string | null;

  @Column({ name: 'crohns_symptoms', type: 'jsonb', default: () => `'[]'` })
  crohnsSymptoms: string[];

  @Column({ name: 'colitis_symptoms', type: 'jsonb', default: () => `'[]'` })
  colitisSymptoms: string[];

  @Column({ name: 'ibd_symptoms', type: 'jsonb', default: () => `'[]'` })
  ibdSymptoms: string[];

  @Column({ name: 'confidence_score', type: 'smallint', nullable: true })
  confidenceScore: number | null;

  @Column({ name: 'needs_verification', type: 'boolean', default: false })
  needsVerification: boolean;

  /** Resolved from the bibliography when seeded, so a read needs no join. */
  @Column({ type: 'jsonb', default: () => `'[]'` })
  citations: FoodCitation[];

  @Column({ name: 'source_notes', type: 'text', nullable: true })
  sourceNotes: string | null;

  /** A catalogue food a later catalogue version dropped: kept so that meals logged with it still show it. */
  @Column({ type: 'boolean', default: false })
  retired: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
