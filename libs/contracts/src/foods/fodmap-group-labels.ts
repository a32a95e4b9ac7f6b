// Apart from fodmap-rating.ts, so that a screen naming a group (the phone's dashboard) does not bring the rating along.
import type { FodmapGroup } from './fodmap-rating';

/** Each group in plain words, for the stacking warnings a person reads. */
export const FODMAP_GROUP_LABELS: Record<FodmapGroup, string> = {
  oligosaccharides: 'fructans and GOS (oligosaccharides)',
  excessFructose: 'excess fructose',
  sorbitol: 'sorbitol',
  mannitol: 'mannitol',
  totalPolyols: 'polyols (sorbitol, mannitol and xylitol together)',
  lactose: 'lactose',
};
