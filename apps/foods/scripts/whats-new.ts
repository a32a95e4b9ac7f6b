/**
 * Writes apps/foods/data/whats-new.json, the 'What's new in the food data' note of this release (CatalogueReleaseNotes
 * of libs/contracts): the hand-written summary of sources/release.json, then every food whose rating changed since the
 * previous release (why: its new explanation), every food added, and every food removed (why: release.json's reason
 * for its key prefix, category and whether it was rated).
 *
 *   git show <previous release commit>:apps/foods/data/catalogue.json > /tmp/old.json
 *   npx tsx apps/foods/scripts/whats-new.ts /tmp/old.json
 *
 * Run after the build: it compares the current catalogue.json with the old one. Deterministic (sorted by food name).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CatalogueChange, CatalogueReleaseNotes, FodmapRating } from '@fodmap/contracts';
import { CATALOGUE_VERSION, sourcesDir } from './catalogue-build/paths';

interface ReleaseFood {
  key: string;
  name: string;
  category: string;
  fodmapRating: FodmapRating;
  ratingExplanation?: string;
}
interface Release {
  version: string;
  date: string;
  summary: string[];
  /** the first rule whose every given condition holds explains a removal; `wasRated` is whether the old release rated it */
  removalReasons: { keyPrefix?: string; category?: string; wasRated?: boolean; reason: string }[];
}

/** The changes between two releases' foods, sorted by name (then key, for foods that share a name). */
export function changesBetween(previous: readonly ReleaseFood[], current: readonly ReleaseFood[], release: Release): CatalogueChange[] {
  const before = new Map(previous.map((f) => [f.key, f]));
  const after = new Map(current.map((f) => [f.key, f]));
  const changes: (CatalogueChange & { key: string })[] = [];
  for (const f of current) {
    const old = before.get(f.key);
    const why = f.ratingExplanation ?? '';
    if (!old) changes.push({ key: f.key, name: f.name, from: null, to: f.fodmapRating, why: `New in the catalogue. ${why}`.trim() });
    else if (old.fodmapRating !== f.fodmapRating) changes.push({ key: f.key, name: f.name, from: old.fodmapRating, to: f.fodmapRating, why });
  }
  for (const old of previous) {
    if (after.has(old.key)) continue;
    const rule = release.removalReasons.find(
      (r) =>
        (r.keyPrefix === undefined || old.key.startsWith(r.keyPrefix)) &&
        (r.category === undefined || r.category === old.category) &&
        (r.wasRated === undefined || r.wasRated === (old.fodmapRating !== 'unknown')),
    );
    changes.push({ key: old.key, name: old.name, from: old.fodmapRating, to: null, why: rule?.reason ?? `No longer in the catalogue: ${old.name} was removed in ${release.version}.` });
  }
  return changes
    .sort((a, b) => a.name.localeCompare(b.name) || a.key.localeCompare(b.key))
    .map(({ name, from, to, why }) => ({ name, from, to, why }));
}

function main() {
  const oldPath = process.argv[2];
  if (!oldPath) throw new Error('usage: npx tsx apps/foods/scripts/whats-new.ts <previous catalogue.json>');
  const dataDir = resolve(__dirname, '../data');
  const previous = JSON.parse(readFileSync(resolve(oldPath), 'utf8')) as { version: string; foods: ReleaseFood[] };
  const current = JSON.parse(readFileSync(resolve(dataDir, 'catalogue.json'), 'utf8')) as { version: string; foods: ReleaseFood[] };
  const release = JSON.parse(readFileSync(resolve(sourcesDir, 'release.json'), 'utf8')) as Release;
  if (release.version !== CATALOGUE_VERSION || current.version !== CATALOGUE_VERSION) {
    throw new Error(`release.json (${release.version}) and catalogue.json (${current.version}) must both be ${CATALOGUE_VERSION}: rebuild first`);
  }
  const notes: CatalogueReleaseNotes = { version: release.version, date: release.date, summary: release.summary, changes: changesBetween(previous.foods, current.foods, release) };
  const target = resolve(dataDir, 'whats-new.json');
  writeFileSync(target, `${JSON.stringify(notes, null, 2)}\n`);
  const count = (p: (c: CatalogueChange) => boolean) => notes.changes.filter(p).length;
  console.log(
    `wrote ${target}: ${previous.version} → ${notes.version}, ${count((c) => c.from !== null && c.to !== null)} ratings changed, ${count((c) => c.from === null)} foods added, ${count((c) => c.to === null)} removed`,
  );
}

if (require.main === module) main();
