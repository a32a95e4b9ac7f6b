import type { Food, FoodSummary } from '@fodmap/contracts';
import { Suspense, useState, type ReactNode } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import { useOnceTrue } from '../../lib/use-once-true';
import { useMealBuilder, type MealBuilder } from './use-meal-builder';

// The dialogs load when first opened: a screen shows long before anyone builds a meal.
const MealBuilderDialog = lazyNamed(() => import('./MealBuilderDialog'), 'MealBuilderDialog');
const SingleFoodMealDialog = lazyNamed(() => import('./SingleFoodMealDialog'), 'SingleFoodMealDialog');

export interface MealDialogs {
  builder: MealBuilder;
  /** the single-food dialog for this food */
  addAsMeal: (food: Food | FoodSummary) => void;
  /** render once, anywhere on the screen */
  dialogs: ReactNode;
}

/** The two ways a screen logs a meal (spec §2 Dialogs): 'Build Your Meal' and the single-food 'Add {food}'. */
export function useMealDialogs(): MealDialogs {
  const builder = useMealBuilder();
  const [single, setSingle] = useState<{ food: Food | FoodSummary; open: boolean } | null>(null);
  const builderUsed = useOnceTrue(builder.isOpen);
  const singleUsed = useOnceTrue(single?.open ?? false);

  const dialogs = (
    <>
      {builderUsed && (
        <Suspense fallback={null}>
          <MealBuilderDialog builder={builder} />
        </Suspense>
      )}
      {singleUsed && (
        <Suspense fallback={null}>
          <SingleFoodMealDialog open={single?.open ?? false} food={single?.food ?? null} onClose={() => setSingle((current) => current && { ...current, open: false })} />
        </Suspense>
      )}
    </>
  );
  return { builder, addAsMeal: (food) => setSingle({ food, open: true }), dialogs };
}
