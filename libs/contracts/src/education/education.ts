/** Spec §3 Education item, with the article itself: every article is readable in the app and cites its sources. */
export interface EducationSource {
  title: string;
  url: string;
}

export const EDUCATION_CATEGORIES = ['education', 'tips'] as const;
export type EducationCategory = (typeof EDUCATION_CATEGORIES)[number];

export interface EducationItem {
  /** a slug, e.g. 'fodmap-stacking' */
  id: string;
  title: string;
  summary: string;
  /** minutes */
  readTime: number;
  category: EducationCategory;
  /** paragraphs of plain text, in reading order */
  body: string[];
  sources: EducationSource[];
}

/** Spec §2 Dashboard: the two items shown until GET /api/education answers. */
export const EDUCATION_FALLBACKS: readonly Pick<EducationItem, 'title' | 'readTime'>[] = [
  { title: 'Understanding FODMAP Stacking', readTime: 5 },
  { title: 'Meal Prep Tips for Low FODMAP', readTime: 8 },
];
