import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { readCatalogue } from './catalogue-file';

const food = (key: string, citations: string[]) => ({
  key, name: `Food ${key}`, foodType: 'fruit', synonyms: [], fructans: null, galactans: null, excessFructose: null, sorbitol: null, mannitol: null,
  xylitol: null, lactose: 0, fodmapRating: 'low', citations,
});

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'catalogue-file-'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

function write(foods: object[], bibliography: object[]): void {
  writeFileSync(join(directory, 'catalogue.json'), JSON.stringify({ version: 7, foods }));
  writeFileSync(join(directory, 'bibliography.json'), JSON.stringify(bibliography));
}

describe('readCatalogue', () => {
  it('is null while the data build has produced nothing', () => {
    expect(readCatalogue(directory)).toBeNull();
  });

  it('resolves citations to a URL, or a DOI however it was written', () => {
    write([food('a', ['url', 'doi', 'doi-prefixed', 'neither'])], [
      { id: 'url', title: 'With a URL', url: 'https://example.org/paper', doi: '10.1/x' },
      { id: 'doi', title: 'Bare DOI', doi: '10.1021/jf070954o' },
      { id: 'doi-prefixed', title: 'Prefixed DOI', doi: 'doi: 10.1111/jgh.13698' },
      { id: 'neither', title: 'A book' },
    ]);
    const catalogue = readCatalogue(directory);
    expect(catalogue?.version).toBe('7');
    expect([...(catalogue?.citations.values() ?? [])].map((citation) => citation.url)).toEqual([
      'https://example.org/paper',
      'https://doi.org/10.1021/jf070954o',
      'https://doi.org/10.1111/jgh.13698',
      null,
    ]);
  });

  it("names and links a database source by the food's own row in it, and the database itself for a food without one", () => {
    const usda = {
      id: 'usda-sr28',
      title: 'USDA National Nutrient Database for Standard Reference, Release 28 (SR Legacy)',
      url: 'https://fdc.nal.usda.gov/',
      record: { title: 'USDA National Nutrient Database (SR28), food {usdaNdb}', url: 'https://fdc.nal.usda.gov/food-search?type=SR%20Legacy&query={description}' },
    };
    write([{ ...food('garlic', ['usda-sr28']), usdaNdb: '11215', description: 'Garlic, raw' }, food('tofu', ['usda-sr28'])], [usda]);
    const catalogue = readCatalogue(directory);
    const [garlic, tofu] = catalogue?.foods ?? [];
    expect(garlic && catalogue?.citationsOf(garlic)).toEqual([
      { id: 'usda-sr28', title: 'USDA National Nutrient Database (SR28), food 11215', url: 'https://fdc.nal.usda.gov/food-search?type=SR%20Legacy&query=Garlic%2C%20raw' },
    ]);
    expect(tofu && catalogue?.citationsOf(tofu)).toEqual([{ id: 'usda-sr28', title: usda.title, url: 'https://fdc.nal.usda.gov/' }]);
  });

  it('changes its content hash with the content, not with the version alone', () => {
    write([food('a', [])], []);
    const first = readCatalogue(directory)?.contentHash;
    write([food('a', []), food('b', [])], []);
    expect(readCatalogue(directory)?.contentHash).not.toBe(first);
  });

  it('refuses a key used twice, a source the bibliography lacks, and a food that breaks the shape', () => {
    write([food('a', []), food('a', [])], []);
    expect(() => readCatalogue(directory)).toThrow(/the key a appears twice/);
    write([food('a', ['missing'])], []);
    expect(() => readCatalogue(directory)).toThrow(/cites missing/);
    write([{ ...food('a', []), foodType: 'legume' }], []);
    expect(() => readCatalogue(directory)).toThrow(/foods\.0\.foodType/);
  });

  it('gives a food of the first edition the defaults of the second', () => {
    write([food('a', [])], []);
    expect(readCatalogue(directory)?.foods[0]).toMatchObject({ ratingExplanation: null, fodmapGroups: [], portion: null, checkLabel: false, everyday: false });
  });

  it('reads the release note when the data has one, and counts it in the content hash', () => {
    write([food('a', [])], []);
    const without = readCatalogue(directory);
    expect(without?.whatsNew).toBeNull();
    const note = { version: '7', date: '2026-11-23', summary: ['Ratings hold at their serving.'], changes: [{ name: 'Food a', from: 'high', to: 'low', why: 'Retested.' }] };
    writeFileSync(join(directory, 'whats-new.json'), JSON.stringify(note));
    const withNote = readCatalogue(directory);
    expect(withNote?.whatsNew).toEqual(note);
    expect(withNote?.contentHash).not.toBe(without?.contentHash);
    writeFileSync(join(directory, 'whats-new.json'), JSON.stringify({ ...note, changes: [{ name: 'Food a', from: 'fine', to: 'low', why: '' }] }));
    expect(() => readCatalogue(directory)).toThrow(/whats-new\.json .*changes\.0\.from/);
  });

  it('refuses a FODMAP group or portion guide of the wrong shape', () => {
    write([{ ...food('a', []), fodmapGroups: ['polyols'] }], []);
    expect(() => readCatalogue(directory)).toThrow(/foods\.0\.fodmapGroups\.0/);
    write([{ ...food('a', []), portion: { lowUpToGrams: 75, lowUpToText: 'about 1 cup' } }], []);
    expect(() => readCatalogue(directory)).toThrow(/foods\.0\.portion\.highFromGrams/);
  });
});
