import { createEventStoreTables, dropEventStoreTables } from '@fodmap/server';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** Catalogue and private foods in one table (ids unique across both), the catalogue's seeded version, and the events table. */
export class FoodsSchema1763790000000 implements MigrationInterface {
  name = 'FoodsSchema1763790000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE foods.foods (
        id serial PRIMARY KEY,
        key text UNIQUE,
        owner_user_id integer,
        name text NOT NULL,
        description text,
        food_type text NOT NULL,
        category text,
        synonyms jsonb NOT NULL DEFAULT '[]',
        serving_size text,
        serving_grams double precision,
        calories_per_serving double precision,
        usda_ndb text,
        fructans double precision,
        galactans double precision,
        excess_fructose double precision,
        sorbitol double precision,
        mannitol double precision,
        xylitol double precision,
        lactose double precision,
        fodmap_rating text NOT NULL CHECK (fodmap_rating IN ('low', 'medium', 'high', 'unknown')),
        rating_basis text,
        can_trigger_ibs boolean NOT NULL DEFAULT false,
        ibs_trigger_type text,
        ibs_trigger_severity text NOT NULL DEFAULT 'mild',
        ibd_trigger boolean NOT NULL DEFAULT false,
        ibd_severity text,
        ibd_flare_avoid boolean NOT NULL DEFAULT false,
        crohns_trigger boolean NOT NULL DEFAULT false,
        crohns_severity text,
        colitis_trigger boolean NOT NULL DEFAULT false,
        colitis_severity text,
        crohns_symptoms jsonb NOT NULL DEFAULT '[]',
        colitis_symptoms jsonb NOT NULL DEFAULT '[]',
        ibd_symptoms jsonb NOT NULL DEFAULT '[]',
        confidence_score smallint CHECK (confidence_score BETWEEN 0 AND 100),
        needs_verification boolean NOT NULL DEFAULT false,
        citations jsonb NOT NULL DEFAULT '[]',
        source_notes text,
        retired boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT foods_catalogue_or_private CHECK ((key IS NULL) <> (owner_user_id IS NULL))
      )`);
    // A person's private foods are read on every list and search.
    await queryRunner.query(`CREATE INDEX foods_owner_user_id ON foods.foods (owner_user_id, id) WHERE owner_user_id IS NOT NULL`);
    await queryRunner.query(`
      CREATE TABLE foods.catalogue_meta (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        version text NOT NULL,
        content_hash text NOT NULL,
        food_count integer NOT NULL,
        seeded_at timestamptz NOT NULL
      )`);
    await createEventStoreTables(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropEventStoreTables(queryRunner);
    await queryRunner.query(`DROP TABLE foods.catalogue_meta`);
    await queryRunner.query(`DROP TABLE foods.foods`);
  }
}
