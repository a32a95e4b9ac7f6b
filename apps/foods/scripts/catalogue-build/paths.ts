import { resolve } from 'node:path';

/** The release the build stamps on catalogue.json. */
export const CATALOGUE_VERSION = '2026.11.4';

export const repoRoot = resolve(__dirname, '../../../..');
export const dataDir = resolve(repoRoot, 'apps/foods/data');
export const sourcesDir = resolve(dataDir, 'sources');

/**
 * The part of USDA SR28 the catalogue uses (its foods' rows of foods.csv and weights.csv, verbatim), kept in the
 * repository so that the build and the data tests run on any clone. The build rewrites it whenever it reads the full
 * extract.
 */
export const usdaCatalogueExtractDir = resolve(dataDir, 'usda-sr28');
