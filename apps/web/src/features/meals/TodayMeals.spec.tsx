import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { Meal } from '@fodmap/contracts';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { aFood } from '../foods/food-fixtures';
import { aMeal, fakeApi, json, renderInApp, requests } from '../../test-kit';
import { mealFoodOf } from './meal-preview';
import { TodayMeals } from './TodayMeals';

const oats = mealFoodOf({ food: aFood({ id: 1, name: 'Oats', fodmapRating: 'low' }), quantity: 1, servingUnit: 'serving' }, 1);
const today: Meal[] = Array.from({ length: 6 }, (_, i) => aMeal({ id: 10 + i, name: `Meal ${i + 1}`, foods: [oats], timestamp: new Date().toISOString() }));

function todayApi(meals: Meal[]) {
  return fakeApi((path, init) => {
    if (path === '/api/meals?todayOnly=true') return json(200, meals);
    if (path === '/api/meals/10/repeat' && init?.method === 'POST') return json(201, aMeal({ id: 99, name: 'Meal 1' }));
    if (path.startsWith('/api/')) return json(200, []);
    return undefined;
  });
}

beforeAll(loadToastSnackbar);
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe("today's meals (spec §2 Dashboard, §9)", () => {
  it('shows 4 meals, and all of them in the full view', async () => {
    todayApi(today);
    renderInApp(<TodayMeals onUnauthorized={() => false} onStart={() => undefined} />);
    expect((await screen.findAllByRole('article')).map((card) => card.getAttribute('aria-label'))).toEqual(['Meal 1', 'Meal 2', 'Meal 3', 'Meal 4']);
    fireEvent.click(screen.getByRole('button', { name: 'View all (6)' }));
    expect(screen.getAllByRole('article')).toHaveLength(6);
  });

  it('logs a meal again in one tap and says so', async () => {
    const fetchMock = todayApi(today);
    renderInApp(<TodayMeals onUnauthorized={() => false} onStart={() => undefined} />);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Log again' }))[0]);
    expect(await screen.findByText('Meal 1 logged again for now')).toBeTruthy();
    expect(requests(fetchMock)).toContain('POST /api/meals/10/repeat');
  });

  it('says when nothing is logged yet', async () => {
    todayApi([]);
    renderInApp(<TodayMeals onUnauthorized={() => false} onStart={() => undefined} />);
    expect(await screen.findByText('No meals logged today yet.')).toBeTruthy();
  });
});
