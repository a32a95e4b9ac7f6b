import type { Meal } from '@fodmap/contracts';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import { useOnceTrue } from '../../lib/use-once-true';

const MealDetailsDialog = lazyNamed(() => import('./MealDetailsDialog'), 'MealDetailsDialog');

/** A list's way to open one of its meals: the details dialog loads on the first tap. */
export function useMealDetails(timeZone: string, onUnauthorized: (error: unknown) => boolean) {
  const [opened, setOpened] = useState<{ meal: Meal; open: boolean } | null>(null);
  const used = useOnceTrue(opened?.open ?? false);
  const dialog = used && (
    <Suspense fallback={null}>
      <MealDetailsDialog
        meal={opened?.meal ?? null}
        open={opened?.open ?? false}
        onClose={() => setOpened((current) => current && { ...current, open: false })}
        timeZone={timeZone}
        onUnauthorized={onUnauthorized}
      />
    </Suspense>
  );
  return { open: (meal: Meal) => setOpened({ meal, open: true }), dialog };
}
