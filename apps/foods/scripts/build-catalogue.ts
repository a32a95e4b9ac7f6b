/**
 * Builds apps/foods/data/catalogue.json from USDA SR28 and the curated sources in apps/foods/data/sources.
 *
 *   npx tsx apps/foods/scripts/build-catalogue.ts          (from the repository root)
 *   USDA_SR28_DIR=/path/to/usda-sr28 npx tsx apps/foods/scripts/build-catalogue.ts
 *
 * The stages are the modules of ./catalogue-build: read the sources (sources.ts: csv, bibliography, usda), rate each
 * food (food.ts: serving, components, the decision of ./rating, triggers), write the files (write.ts). The rating
 * method is the pure functions of ./rating (statements at a tested serving, components, the decision).
 * Deterministic: same inputs give byte-identical output (foods sorted by key, stable field order). The method is
 * documented in apps/foods/data/README.md.
 */
import { buildCatalogue } from './catalogue-build/build';
import { writeCatalogue } from './catalogue-build/write';

writeCatalogue(buildCatalogue());
