import { EducationItem } from '@fodmap/contracts';

/** The journal's education articles (spec §3); the first two are the dashboard's fallback titles, so they come first. */
export const EDUCATION_ARTICLES: readonly EducationItem[] = [
  {
    id: 'fodmap-stacking',
    title: 'Understanding FODMAP Stacking',
    summary: 'Several foods that are each fine on their own can add up to a high-FODMAP meal when eaten together.',
    readTime: 5,
    category: 'education',
    body: [
      'FODMAPs are a group of short-chain carbohydrates that the small intestine absorbs poorly. In people with irritable bowel syndrome (IBS) they draw water into the gut and are fermented by bacteria in the colon, which can bring on bloating, pain, wind and changes in bowel habit.',
      'Most foods are not simply "high" or "low" FODMAP. The amount matters: a small serving of a food may be low, while a larger serving of the same food crosses the threshold. This is why lab-tested serving sizes are the heart of the diet.',
      'Stacking is what happens when you eat several foods in one sitting that each contain a little of the same FODMAP. Each portion is within its low limit, but together the total load of that FODMAP can be as large as one high-FODMAP serving.',
    ],
    sources: [
      { title: 'Monash University: FODMAP stacking', url: 'https://www.monashfodmap.com/blog/fodmap-stacking/' },
      {
        title: 'Varney J, et al. FODMAPs: food composition, defining cutoff values and international application. J Gastroenterol Hepatol 2017',
        url: 'https://doi.org/10.1111/jgh.13698',
      },
    ],
  },
];
