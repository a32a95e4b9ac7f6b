import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Meal } from '@fodmap/contracts';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { aFood } from '../foods/food-fixtures';
import { aMeal, fakeApi, json, renderInApp, requests } from '../../test-kit';
import { mealFoodOf } from './meal-builder';
import { MealDetailsDialog } from './MealDetailsDialog';

const oats = mealFoodOf({ food: aFood({ id: 1, name: 'Oats', fodmapRating: 'low' }), quantity: 1, servingUnit: 'serving' }, 11);

/** The gateway holding one meal; `complete` answers the PATCH (by default: completes it). */
function open(meal: Meal, complete?: () => Response) {
  let stored = meal;
  const fetchMock = fakeApi((path, init) => {
    if (path === `/api/meals/${meal.id}` && init?.method === 'GET') return json(200, stored);
    if (path === `/api/meals/${meal.id}/complete` && init?.method === 'PATCH') {
      if (complete) return complete();
      stored = { ...stored, completed: true };
      return json(200, stored);
    }
    if (path.startsWith('/api/meals') || path.startsWith('/api/symptoms') || path.startsWith('/api/foods') || path === '/api/dashboard/stats') return json(200, []);
    return undefined;
  });
  renderInApp(<MealDetailsDialog meal={meal} open onClose={() => undefined} timeZone="Europe/London" onUnauthorized={() => false} />);
  return fetchMock;
}
const completeButton = () => screen.queryByRole('button', { name: 'Complete' });

beforeAll(loadToastSnackbar);
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('meal details: Complete (spec §4 Meal, §8)', () => {
  it('offers no Complete for a meal without foods', async () => {
    open(aMeal({ id: 3, completed: false, foods: [] }));
    expect(await screen.findByText(/No foods yet/)).toBeTruthy();
    expect(completeButton()).toBeNull();
  });

  it("offers no Complete for a completed meal, which says 'Completed' once", async () => {
    open(aMeal({ id: 3, completed: true, foods: [oats] }));
    expect(await screen.findByText('Completed')).toBeTruthy();
    expect(screen.queryAllByText(/completed/i)).toHaveLength(1);
    expect(completeButton()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Oats' })).toBeNull();
  });

  it("completes a meal with a food: 'Meal Completed!', then shows it completed", async () => {
    const fetchMock = open(aMeal({ id: 3, completed: false, foods: [oats] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Meal Completed!')).toBeTruthy();
    expect(requests(fetchMock)).toContain('PATCH /api/meals/3/complete');
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('Completed')).toBeTruthy();
    expect(completeButton()).toBeNull();
  });

  it("shows the server's words when completing fails", async () => {
    open(aMeal({ id: 3, completed: false, foods: [oats] }), () => json(409, { message: 'Please add at least one food item to your meal' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Failed to complete meal')).toBeTruthy();
    expect(screen.getByText('Please add at least one food item to your meal')).toBeTruthy();
  });
});
