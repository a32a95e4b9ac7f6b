import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Food } from '@fodmap/contracts';
import { afterEach, describe, expect, it } from '@jest/globals';
import { aFood } from './food-fixtures';
import { FoodDetails } from './FoodDetails';

afterEach(cleanup);

function show(food: Food) {
  return render(<FoodDetails food={food} />);
}

/** The light a component's row shows: its level and the word beside the colour. */
function componentLight(key: string) {
  const light = document.querySelector(`[data-component="${key}"] [data-level]`);
  return { level: light?.getAttribute('data-level'), words: light?.textContent };
}

/** A group's own light, in its header ahead of the component rows. */
const groupLight = (name: string) => screen.getByRole('region', { name }).querySelector('[data-level]')?.getAttribute('data-level');

describe('FODMAP components lit per serving (spec §3 Food, Varney 2017 cut-offs)', () => {
  it.each([
    ['a small serving stays under the cut-off', 30, 'low', 'Low'],
    ['a serving up to twice the cut-off is moderate', 60, 'medium', 'Moderate'],
    ['a serving over twice the cut-off is high', 100, 'high', 'High'],
  ])('judges the same 0.5 g/100 g of fructans by the serving: %s', (_case, servingGrams, level, words) => {
    show(aFood({ servingSize: `1 portion (${servingGrams} g)`, servingGrams, fructans: 0.5 }));
    expect(componentLight('fructans')).toEqual({ level, words });
  });

  it('lights garlic red from its measured fructans at one clove, and folds what was not measured into one line', () => {
    show(aFood({ name: 'Garlic, raw', servingSize: '1 clove (3 g)', servingGrams: 3, fructans: 17.4, galactans: null }));
    expect(componentLight('fructans')).toEqual({ level: 'high', words: 'High' });
    expect(screen.getByText('17.4 g/100 g · 0.52 g per serving (cut-off 0.2 g)')).toBeTruthy();
    // The measured fructans alone prove the oligosaccharides are over, whatever the GOS.
    expect(groupLight('Oligosaccharides')).toBe('high');
    // Not measured is never shown as zero, nor as a row of its own next to the 'High' light: one collapsed line.
    expect(document.querySelector('[data-component="galactans"]')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Disaccharides' })).toBeNull();
    expect(screen.queryAllByText('Not measured')).toHaveLength(0);
    const notMeasured = document.querySelector('details[data-not-measured]');
    expect(notMeasured?.hasAttribute('open')).toBe(false);
    expect(notMeasured?.querySelector('summary')?.textContent).toBe('Not measured: galactans (GOS), lactose, excess fructose, sorbitol, mannitol, xylitol');
    expect(notMeasured?.textContent).not.toMatch(/\b0 g/);
  });

  it("never lights the group garlic's High rating is put down to lower than High, though its measured fructans alone read Moderate", () => {
    // The catalogue's garlic: 9.8 g/100 g of fructans is 0.29 g a clove, under twice the 0.2 g cut-off; sources rate a clove high in fructans.
    show(
      aFood({
        name: 'Garlic, raw',
        servingSize: '1 clove (3 g)',
        servingGrams: 3,
        fructans: 9.8,
        lactose: 0,
        fodmapRating: 'high',
        fodmapGroups: ['fructans'],
        ratingExplanation: 'High in fructans at 1 clove (3 g).',
      }),
    );
    expect(screen.getByText('High in: fructans')).toBeTruthy();
    expect(componentLight('fructans')).toEqual({ level: 'high', words: 'High' });
    expect(groupLight('Oligosaccharides')).toBe('high');
    expect(screen.getByText('9.8 g/100 g · 0.29 g per serving (cut-off 0.2 g) · rated high by its sources')).toBeTruthy();
    // A group the rating does not name keeps its own light.
    expect(componentLight('lactose')).toEqual({ level: 'low', words: 'Low' });
    expect(groupLight('Disaccharides')).toBe('low');
  });

  it('keeps a named group at least Moderate for a Medium food, and a measured High above it', () => {
    show(aFood({ fodmapRating: 'medium', fodmapGroups: ['sorbitol', 'fructans'], servingGrams: 100, sorbitol: 0.1, fructans: 1 }));
    expect(componentLight('sorbitol').level).toBe('medium');
    expect(componentLight('fructans').level).toBe('high');
  });

  it('gives grains, legumes, nuts and seeds the higher 0.3 g oligosaccharide cut-off', () => {
    show(aFood({ category: 'grains_breads', foodType: 'grain', servingSize: '1 slice (50 g)', servingGrams: 50, fructans: 0.5, galactans: 0 }));
    expect(componentLight('fructans').level).toBe('low');
    cleanup();
    show(aFood({ category: 'vegetables', servingSize: '1 cup (50 g)', servingGrams: 50, fructans: 0.5, galactans: 0 }));
    expect(componentLight('fructans').level).toBe('medium');
  });

  it('judges the oligosaccharides as a sum: two low components can make a moderate group', () => {
    show(aFood({ servingSize: '1 cup (100 g)', servingGrams: 100, fructans: 0.15, galactans: 0.1 }));
    expect(componentLight('fructans').level).toBe('low');
    expect(componentLight('galactans').level).toBe('low');
    expect(groupLight('Oligosaccharides')).toBe('medium');
  });

  it('shows amounts per 100 g but no light when the serving has no stated weight', () => {
    show(aFood({ servingSize: '1 medium', servingGrams: null, lactose: 4.7 }));
    expect(componentLight('lactose')).toEqual({ level: 'unknown', words: 'No serving weight' });
    expect(screen.getByText('4.7 g/100 g · serving weight not stated')).toBeTruthy();
  });
});

describe('food details (spec §3 Food)', () => {
  it('shows the rating in words, the serving, triggers in readable words, confidence and the first 2 sources as links', () => {
    show(
      aFood({
        fodmapRating: 'high',
        servingSize: '1 cup (160 g)',
        servingGrams: 160,
        caloriesPerServing: 64.4,
        canTriggerIbs: true,
        ibsTriggerType: 'high_fodmap',
        ibsTriggerSeverity: 'moderate',
        crohnsTrigger: true,
        crohnsSeverity: 'severe',
        crohnsSymptoms: ['abdominal_pain', 'bloating'],
        ibdFlareAvoid: true,
        confidenceScore: 55,
        needsVerification: true,
        citations: [
          { id: 'a', title: 'Muir 2007', url: 'https://doi.org/10.1021/jf070954o' },
          { id: 'b', title: 'USDA National Nutrient Database (SR28), food 11215', url: 'https://fdc.nal.usda.gov/food-search?type=SR%20Legacy&query=Garlic%2C%20raw' },
          { id: 'c', title: 'Third source', url: 'https://example.org/' },
        ],
      }),
    );
    expect(screen.getByText('High FODMAP')).toBeTruthy();
    expect(screen.getByText('1 cup (160 g)')).toBeTruthy();
    expect(screen.getByText('64 kcal')).toBeTruthy();
    expect(screen.getByText(/can trigger symptoms \(high fodmap\), moderate/)).toBeTruthy();
    expect(screen.getByText('Symptoms: abdominal pain, bloating')).toBeTruthy();
    expect(screen.getByText('Best avoided during an IBD flare.')).toBeTruthy();
    expect(screen.getByText('55%')).toBeTruthy();
    expect(screen.getByText(/Needs verification/)).toBeTruthy();
    const sources = screen.getByRole('region', { name: 'Sources' });
    const links = within(sources).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('target'), link.getAttribute('rel')])).toEqual([
      ['Muir 2007', '_blank', 'noopener'],
      ['USDA National Nutrient Database (SR28), food 11215', '_blank', 'noopener'],
    ]);
    expect(links[1].getAttribute('href')).toBe('https://fdc.nal.usda.gov/food-search?type=SR%20Legacy&query=Garlic%2C%20raw');
  });

  it('opens every source: the ones past the first 2 are one tap away, each a link', () => {
    show(
      aFood({
        citations: [
          { id: 'a', title: 'Muir 2007', url: 'https://doi.org/10.1021/jf070954o' },
          { id: 'b', title: 'USDA National Nutrient Database (SR28), food 11215', url: 'https://fdc.nal.usda.gov/' },
          { id: 'c', title: 'Are Cranberries Low in FODMAP?', url: 'https://ntro.it.com/are-cranberries-low-in-fodmap' },
        ],
      }),
    );
    const sources = screen.getByRole('region', { name: 'Sources' });
    expect(within(sources).getAllByRole('link')).toHaveLength(2);
    fireEvent.click(within(sources).getByRole('button', { name: 'Show 1 more source' }));
    expect(within(sources).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      'https://doi.org/10.1021/jf070954o',
      'https://fdc.nal.usda.gov/',
      'https://ntro.it.com/are-cranberries-low-in-fodmap',
    ]);
    expect(within(sources).getByRole('button', { name: 'Show fewer sources' }).getAttribute('aria-expanded')).toBe('true');
  });
});

describe('why the rating, and how much can I eat (issue 10)', () => {
  const garlic = aFood({
    name: 'Garlic, raw',
    fodmapRating: 'high',
    servingSize: '1 clove (3 g)',
    servingGrams: 3,
    fodmapGroups: ['fructans'],
    ratingExplanation: 'High in fructans at 1 clove (3 g): Monash University, 2019.',
  });

  it('explains the rating in one sentence with its source, and names the FODMAP groups behind it', () => {
    show(garlic);
    expect(screen.getByText('High FODMAP')).toBeTruthy();
    expect(screen.getByText('High in fructans at 1 clove (3 g): Monash University, 2019.')).toBeTruthy();
    expect(screen.getByText('High in: fructans')).toBeTruthy();
  });

  it('names every group of a moderate rating in words a person knows', () => {
    show(aFood({ fodmapRating: 'medium', fodmapGroups: ['excessFructose', 'sorbitol', 'galactans'] }));
    expect(screen.getByText('Moderate in: excess fructose, sorbitol, GOS (galacto-oligosaccharides)')).toBeTruthy();
  });

  it('names no group for a low food, nor for an unknown one', () => {
    show(aFood({ fodmapRating: 'low', ratingExplanation: 'Low FODMAP at ½ cup (75 g): Monash University, 2024. Low up to 75 g.' }));
    expect(screen.getByText('Low FODMAP at ½ cup (75 g): Monash University, 2024. Low up to 75 g.')).toBeTruthy();
    expect(screen.queryByText(/ in: /)).toBeNull();
  });

  it('says how much is low and from how much it is high, in grams and household words', () => {
    show(
      aFood({
        name: 'Raspberries',
        fodmapRating: 'medium',
        fodmapGroups: ['excessFructose'],
        portion: { lowUpToGrams: 75, lowUpToText: 'about 1 cup', highFromGrams: 150, highFromText: 'about 2 cups' },
      }),
    );
    const howMuch = screen.getByRole('region', { name: 'How much can I eat?' });
    expect(within(howMuch).getAllByRole('listitem').map((line) => [line.textContent, line.querySelector('[data-level]')?.getAttribute('data-level')])).toEqual([
      ['Low up to 75 g (about 1 cup)', 'low'],
      ['High from 150 g (about 2 cups)', 'high'],
    ]);
  });

  it('writes grams plainly, and shows only the half a source tested', () => {
    show(aFood({ portion: { lowUpToGrams: 42.5, lowUpToText: null, highFromGrams: null, highFromText: null } }));
    expect(within(screen.getByRole('region', { name: 'How much can I eat?' })).getAllByRole('listitem').map((line) => line.textContent)).toEqual(['Low up to 42.5 g']);
  });

  it('has no "How much can I eat?" where no source tested a serving', () => {
    show(aFood({ fodmapRating: 'high', portion: null }));
    expect(screen.queryByRole('region', { name: 'How much can I eat?' })).toBeNull();
  });

  it("gives a packaged food a 'Check the label' badge, not 'Unknown', with what to look for", () => {
    show(aFood({ name: 'Tomato soup, canned', checkLabel: true, ratingExplanation: 'Depends on the recipe: check the label for onion, garlic or wheat.' }));
    const badge = document.querySelector('[data-check-label]');
    expect(badge?.textContent).toBe('Check the label');
    expect(screen.queryByText('Unknown FODMAP')).toBeNull();
    expect(screen.getByText('Depends on the recipe: check the label for onion, garlic or wheat.')).toBeTruthy();
  });

  it('still explains a check-the-label food whose data has no sentence of its own', () => {
    show(aFood({ checkLabel: true, ratingExplanation: null }));
    expect(screen.getByText(/^Depends on the recipe: check the label for onion, garlic, wheat/)).toBeTruthy();
  });

  it("keeps 'Unknown FODMAP' for a food that is simply not rated yet", () => {
    show(aFood({ checkLabel: false, ratingExplanation: 'Not yet rated: no source we could read tested it at a usual serving.' }));
    expect(screen.getByText('Unknown FODMAP')).toBeTruthy();
    expect(document.querySelector('[data-check-label]')).toBeNull();
  });
});
