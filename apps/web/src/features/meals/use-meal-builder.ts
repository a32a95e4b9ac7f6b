import { MealBuilderMessages, type Food } from '@fodmap/contracts';
import { useMemo, useState } from 'react';
import { useToast } from '@fodmap/web-ui';
import { addToItems, type BuilderItem } from './meal-builder';

export interface MealBuilder {
  items: BuilderItem[];
  isOpen: boolean;
  /** what the last change to the foods was ('Added to meal: Oats'), said in the open builder instead of a toast */
  lastChange: string | null;
  open: () => void;
  close: () => void;
  /** Spec §4: adds a food (or one more of it); a first food also opens the builder. */
  add: (food: Food) => void;
  update: (foodId: number, change: Partial<Pick<BuilderItem, 'quantity' | 'servingUnit'>>) => void;
  remove: (foodId: number) => void;
  clear: () => void;
  /** after saving: empty, closed, and no toast */
  reset: () => void;
}

/** Spec §3, §4 Meal builder: the foods of a meal being put together, held in the browser until it is saved. */
export function useMealBuilder(): MealBuilder {
  const { toast } = useToast();
  const [items, setItems] = useState<BuilderItem[]>([]);
  const [isOpen, setOpen] = useState(false);
  const [lastChange, setLastChange] = useState<string | null>(null);

  return useMemo(() => {
    // One toast per action, not one per food (issue 18): the open builder shows the change in its list, and says it in
    // a line of its own; a toast says it only when the food is added from elsewhere with the builder closed.
    const tell = (title: string, food?: Food) => {
      if (isOpen || items.length === 0) setLastChange(food ? `${title}: ${food.name}` : title);
      else toast({ title, description: food?.name });
    };
    const add = (food: Food) => {
      const next = addToItems(items, food);
      if (items.length === 0) setOpen(true);
      setItems(next.items);
      tell(next.merged ? MealBuilderMessages.builderUpdated : MealBuilderMessages.addedToMeal, food);
    };
    return {
      items,
      isOpen,
      lastChange,
      open: () => setOpen(true),
      close: () => {
        setOpen(false);
        setLastChange(null);
      },
      add,
      update: (foodId: number, change: Partial<Pick<BuilderItem, 'quantity' | 'servingUnit'>>) =>
        setItems((current) => current.map((item) => (item.food.id === foodId ? { ...item, ...change } : item))),
      remove: (foodId: number) => {
        setItems((current) => current.filter((item) => item.food.id !== foodId));
        tell(MealBuilderMessages.builderRemoved);
      },
      clear: () => {
        setItems([]);
        tell(MealBuilderMessages.builderCleared);
      },
      reset: () => {
        setItems([]);
        setOpen(false);
        setLastChange(null);
      },
    };
  }, [items, isOpen, lastChange, toast]);
}
