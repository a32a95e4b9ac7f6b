import { describe, expect, it } from '@jest/globals';
import type { ResearchAnswer } from './food-researcher';
import { researchedFood } from './research.service';

const answer = (sources: ResearchAnswer['sources']): ResearchAnswer => ({
  name: 'Jicama',
  foodType: 'vegetable',
  summary: 'Low FODMAP at a usual serving.',
  servingSize: '1/2 cup (65 g)',
  fodmapRating: 'low',
  componentsPer100g: { fructans: null, galactans: null, excessFructose: null, sorbitol: null, mannitol: null, xylitol: null, lactose: null },
  ibsTriggers: [],
  ibdTrigger: false,
  sources,
  confidence: 60,
});

describe('the sources of an AI-researched food', () => {
  it('names a source the model gave only as an address by the site it is on, keeping its link; a real title stays', () => {
    const food = researchedFood('jicama', answer([
      { title: 'ntro.it.com', url: 'https://www.ntro.it.com/is-jicama-low-fodmap' },
      { title: ' ', url: 'https://example.org/jicama' },
      { title: 'Jicama and FODMAPs', url: 'https://monashfodmap.com/blog/jicama' },
    ]));
    expect(food.research?.citations).toEqual([
      { id: 'ai-1', title: 'An article on ntro.it.com', url: 'https://www.ntro.it.com/is-jicama-low-fodmap' },
      { id: 'ai-2', title: 'An article on example.org', url: 'https://example.org/jicama' },
      { id: 'ai-3', title: 'Jicama and FODMAPs', url: 'https://monashfodmap.com/blog/jicama' },
    ]);
  });
});
