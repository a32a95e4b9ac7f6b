import { describe, expect, it } from '@jest/globals';
import { isGated } from './subscription-gate';

describe('isGated', () => {
  it('gates creating and correcting meals and symptoms, insights and AI search, however the path is cased or ended', () => {
    for (const [method, path] of [
      ['POST', '/api/meals'],
      ['POST', '/api/Meals/'],
      ['PATCH', '/api/meals/12'],
      ['POST', '/api/meals/12/foods'],
      ['PATCH', '/api/meals/12/foods/3/'],
      ['PATCH', '/api/meals/12/complete'],
      ['POST', '/api/meals/12/repeat'],
      ['POST', '/api/symptoms'],
      ['PATCH', '/api/Symptoms/4'],
      ['GET', '/api/insights/activity'],
      ['GET', '/api/INSIGHTS/correlation'],
      ['POST', '/api/ai-search'],
      ['POST', '/api/foods/search-ai-background'],
    ]) {
      expect({ method, path, gated: isGated(method, path) }).toEqual({ method, path, gated: true });
    }
  });

  it('never gates reading, deleting or the subscription itself', () => {
    for (const [method, path] of [
      ['GET', '/api/meals'],
      ['GET', '/api/meals/12'],
      ['DELETE', '/api/meals/12'],
      ['DELETE', '/api/meals/12/foods/3'],
      ['GET', '/api/symptoms'],
      ['DELETE', '/api/symptoms/4'],
      ['GET', '/api/dashboard/stats'],
      ['GET', '/api/subscription-status'],
      ['POST', '/api/create-subscription'],
      ['POST', '/api/stripe/webhook'],
      ['GET', '/api/foods/search'],
    ]) {
      expect({ method, path, gated: isGated(method, path) }).toEqual({ method, path, gated: false });
    }
  });
});
