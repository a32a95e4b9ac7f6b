import type { CatalogueReleaseNotes } from '@fodmap/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The one row saying which catalogue version the foods table holds. */
@Entity({ name: 'catalogue_meta' })
export class CatalogueMetaEntity {
  @PrimaryColumn({ type: 'smallint', default: 1 })
  id: number;

  @Column({ type: 'text' })
  version: string;

  /** sha256 of the catalogue and bibliography files: a change without a version bump is still seeded. */
  @Column({ name: 'content_hash', type: 'text' })
  contentHash: string;

  @Column({ name: 'food_count', type: 'integer' })
  foodCount: number;

  /** the release's 'What's new in the food data' note, served with the version */
  @Column({ name: 'whats_new', type: 'jsonb', nullable: true })
  whatsNew: CatalogueReleaseNotes | null;

  @Column({ name: 'seeded_at', type: 'timestamptz' })
  seededAt: Date;
}
