import { FODMAP_COMPONENT_KEYS, oligoGroupOf } from '@fodmap/contracts';
import { rateIngredients } from '../../src/research/ingredient-rating';
import { decideRating } from '../rating/decide';
import { componentsOf } from './components';
import { nutritionOf, servingOf } from './serving';
import { FOOD_TYPE, synonymsOf, type Category, type Problems, type Sources } from './sources';
import { triggersOf } from './triggers';

/**
 * One food of sources/foods rated: nutrition, serving, components, ingredients, the rating decision, triggers, then the
 * catalogue record (its field order is the file's). Problems go to `errors` (prefixed with the key); null when the
 * food cannot be built at all.
 */
export function buildFood(row: Record<string, string>, category: Category, sources: Sources, { errors, warnings }: Problems): Record<string, unknown> | null {
  const key = row.key;
  const fail = (message: string) => errors.push(`${key}: ${message}`);

  const nutrition = nutritionOf(row, sources, fail);
  if (!nutrition) return null;
  const u = nutrition.figures;
  const serving = servingOf(row, u, sources.weights, fail);
  if (!serving) return null;
  const { grams, servingSize } = serving;
  const caloriesPerServing = Math.round((u.kcal * grams) / 100);

  const { notes, ...evidence } = componentsOf({ key, category, u, grams, nutritionCitation: nutrition.citation }, sources, fail);
  const comp = evidence.components;
  const citations = new Set<string>([nutrition.citation]);
  for (const c of FODMAP_COMPONENT_KEYS) evidence.componentCitations[c]?.forEach((s) => citations.add(s));

  // ---- ingredients of a mixed food
  const ingredientRows = sources.ingredientsByKey.get(key) ?? [];
  if (ingredientRows.length > 1) fail('more than one ingredients row');
  const ingredientRow = ingredientRows[0];
  if (ingredientRow && !sources.bibIds.has(ingredientRow.source)) fail(`ingredients source ${ingredientRow.source} is not in the bibliography`);

  // ---- rating
  const oligoGroup = oligoGroupOf({ category });
  const decision = decideRating(
    {
      servingGrams: grams,
      servingSize,
      oligoGroup,
      ...evidence,
      statements: sources.statementsByKey.get(key) ?? [],
      ingredients: ingredientRow ? { verdict: rateIngredients(ingredientRow.ingredients.split('|').join(', ')), source: ingredientRow.source } : null,
      measures: nutrition.measures,
    },
    sources.cite,
  );
  decision.errors.forEach(fail);
  decision.warnings.forEach((w) => warnings.push(`${key}: ${w}`));
  decision.citations.forEach((c) => citations.add(c));
  notes.push(...decision.notes);
  const rating = decision.rating;

  const triggers = triggersOf({ key, category, rating, fodmapGroups: decision.fodmapGroups, u, grams }, sources.triggers);
  triggers.citations.forEach((c) => citations.add(c));

  for (const c of citations) if (!sources.bibIds.has(c)) fail(`cites ${c}, which is not in the bibliography`);
  const componentSources = Object.fromEntries(
    FODMAP_COMPONENT_KEYS.filter((c) => comp[c] !== null).map((c) => [c, { basis: evidence.provenance[c], citations: evidence.componentCitations[c] }]),
  );

  return {
    key,
    name: row.name,
    // The source of its figures is in its citations (USDA's row among them), which the app shows by name with a link.
    description: u.longDesc,
    foodType: FOOD_TYPE[category],
    category,
    synonyms: synonymsOf(row),
    everyday: sources.everyday.has(key),
    servingSize,
    servingGrams: grams,
    caloriesPerServing,
    usdaNdb: row.usdaNdb ? u.ndb : null,
    fructans: comp.fructans,
    galactans: comp.galactans,
    excessFructose: comp.excessFructose,
    sorbitol: comp.sorbitol,
    mannitol: comp.mannitol,
    xylitol: comp.xylitol,
    lactose: comp.lactose,
    oligoGroup,
    componentSources,
    fodmapRating: rating,
    ratingBasis: decision.basis,
    ratingExplanation: decision.ratingExplanation,
    fodmapGroups: decision.fodmapGroups,
    portion: decision.portion,
    checkLabel: decision.checkLabel,
    ...triggers.fields,
    confidenceScore: decision.confidenceScore,
    needsVerification: decision.needsVerification,
    citations: [...citations].sort(),
    sourceNotes: notes.length ? notes.join(' ') : null,
  };
}
