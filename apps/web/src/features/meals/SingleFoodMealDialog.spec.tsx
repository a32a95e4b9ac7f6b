import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { aFood } from '../foods/food-fixtures';
import { aMeal, fakeApi, json, renderInApp } from '../../test-kit';
import { at, freezeClock } from './clock-fixtures';
import { SingleFoodMealDialog } from './SingleFoodMealDialog';

const rice = aFood({ id: 4, name: 'White rice', servingSize: '1 cup, cooked (158 g)', servingGrams: 158, fodmapRating: 'low' });
const onClose = jest.fn();

function mealApi(create: () => Response = () => json(201, aMeal({ id: 8 }))) {
  return fakeApi((path, init) => {
    if (path.startsWith('/api/foods/search?q=')) return json(200, [rice]);
    if (path === '/api/meals' && init?.method === 'POST') return create();
    if (path.startsWith('/api/meals') || path.startsWith('/api/symptoms') || path.startsWith('/api/foods')) return json(200, []);
    return undefined;
  });
}
const posts = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([path, init]) => [String(path), JSON.parse(String(init?.body))]);

beforeAll(loadToastSnackbar);
afterEach(() => {
  cleanup();
  onClose.mockReset();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe("single-food 'Add {food}' dialog (spec §5, §8)", () => {
  it('keeps Add disabled until a food is chosen', async () => {
    mealApi();
    renderInApp(<SingleFoodMealDialog open food={null} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Add Meal' });
    expect((within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true);

    const field = within(dialog).getByLabelText('Search foods');
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: 'ric' } });
    fireEvent.click(await screen.findByRole('option', { name: /White rice/ }, { timeout: 3000 }));
    const chosen = await screen.findByRole('dialog', { name: 'Add White rice' });
    expect((within(chosen).getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(false);
  }, 15_000);

  it("logs 1 of the food's unit under the default name, with the meal, in one request", async () => {
    const fetchMock = mealApi();
    renderInApp(<SingleFoodMealDialog open food={rice} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Add White rice' });
    expect((within(dialog).getByLabelText('Quantity of White rice') as HTMLInputElement).value).toBe('1');
    expect((within(dialog).getByLabelText('Unit of White rice') as HTMLSelectElement).value).toBe('cup');
    expect((within(dialog).getByLabelText('Meal Name (optional)') as HTMLInputElement).placeholder).toBe('White rice meal');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts(fetchMock)).toEqual([['/api/meals', expect.objectContaining({ name: 'White rice meal', foods: [{ foodId: 4, quantity: 1, servingUnit: 'cup' }] })]]);
  });

  it('logs the meal at the time chosen, its type following the time', async () => {
    freezeClock(at(3, 21));
    const fetchMock = mealApi();
    renderInApp(<SingleFoodMealDialog open food={rice} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Add White rice' });
    fireEvent.click(within(dialog).getByRole('button', { name: '1 h ago' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts(fetchMock)[0][1]).toMatchObject({ mealType: 'dinner', timestamp: at(3, 20).toISOString() });
  });

  it('fills in the food’s serving as the amount when it is more or less than 1 of its unit (½ cup → 0.5 cup)', async () => {
    const fetchMock = mealApi();
    const beans = aFood({ id: 4, name: 'Adzuki beans', servingSize: '½ cup (115 g)', servingGrams: 115, fodmapRating: 'high' });
    renderInApp(<SingleFoodMealDialog open food={beans} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Add Adzuki beans' });
    expect((within(dialog).getByLabelText('Quantity of Adzuki beans') as HTMLInputElement).value).toBe('0.5');
    expect((within(dialog).getByLabelText('Unit of Adzuki beans') as HTMLSelectElement).value).toBe('cup');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts(fetchMock)[0][1].foods).toEqual([{ foodId: 4, quantity: 0.5, servingUnit: 'cup' }]);
  });

  it("says 'Failed to add food to meal' when the food is not found, else 'Failed to create meal'", async () => {
    mealApi(() => json(500, { message: 'Internal server error' }));
    renderInApp(<SingleFoodMealDialog open food={rice} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Failed to create meal')).toBeTruthy();
    cleanup();

    mealApi(() => json(404, { message: 'Food not found' }));
    renderInApp(<SingleFoodMealDialog open food={rice} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Failed to add food to meal')).toBeTruthy();
    expect(screen.getByText('Food not found')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
