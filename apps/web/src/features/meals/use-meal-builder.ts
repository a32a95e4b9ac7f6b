import { JournalMessages, type Food } from '@fodmap/contracts';
import { useMemo, useState } from 'react';
import { useToast } from '@fodmap/web-ui';
import { addToItems, type BuilderItem } from './meal-builder';

export interface MealBuilder {
  items: BuilderItem[];
  isOpen: boolean;
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

  return useMemo(() => {
    const add = (food: Food) => {
      const next = addToItems(items, food);
      if (items.length === 0) setOpen(true);
      setItems(next.items);
      toast({ title: next.merged ? JournalMessages.builderUpdated : JournalMessages.addedToMeal });
    };
    return {
      items,
      isOpen,
      open: () => setOpen(true),
      close: () => setOpen(false),
      add,
      update: (foodId: number, change: Partial<Pick<BuilderItem, 'quantity' | 'servingUnit'>>) =>
        setItems((current) => current.map((item) => (item.food.id === foodId ? { ...item, ...change } : item))),
      remove: (foodId: number) => {
        setItems((current) => current.filter((item) => item.food.id !== foodId));
        toast({ title: JournalMessages.builderRemoved });
      },
      clear: () => {
        setItems([]);
        toast({ title: JournalMessages.builderCleared });
      },
      reset: () => {
        setItems([]);
        setOpen(false);
      },
    };
  }, [items, isOpen, toast]);
}
