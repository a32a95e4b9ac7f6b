import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { aFood } from '../foods/food-fixtures';
import { aMeal, fakeApi, json, renderInApp } from '../../test-kit';
import { SingleFoodMealDialog } from './SingleFoodMealDialog';

const rice = aFood({ id: 4, name: 'White rice', servingSize: '1 cup, cooked (158 g)', servingGrams: 158, fodmapRating: 'low' });
const onClose = jest.fn();

function mealApi({ create = () => json(201, aMeal({ id: 8 })), addFood = () => json(201, aMeal({ id: 8 })) }: { create?: () => Response; addFood?: () => Response } = {}) {
  return fakeApi((path, init) => {
    if (path.startsWith('/api/foods/search?q=')) return json(200, [rice]);
    if (path === '/api/meals' && init?.method === 'POST') return create();
    if (path === '/api/meals/8/foods' && init?.method === 'POST') return addFood();
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

  it("logs 1 of the food's unit under the default name, unless a name is given", async () => {
    const fetchMock = mealApi();
    renderInApp(<SingleFoodMealDialog open food={rice} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Add White rice' });
    expect((within(dialog).getByLabelText('Quantity of White rice') as HTMLInputElement).value).toBe('1');
    expect((within(dialog).getByLabelText('Unit of White rice') as HTMLSelectElement).value).toBe('cup');
    expect((within(dialog).getByLabelText('Meal Name (optional)') as HTMLInputElement).placeholder).toBe('White rice meal');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = posts(fetchMock);
    expect(sent[0]).toEqual(['/api/meals', expect.objectContaining({ name: 'White rice meal' })]);
    expect(sent[1]).toEqual(['/api/meals/8/foods', { foodId: 4, quantity: 1, servingUnit: 'cup' }]);
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
    expect(posts(fetchMock)[1]).toEqual(['/api/meals/8/foods', { foodId: 4, quantity: 0.5, servingUnit: 'cup' }]);
  });

  it("says 'Failed to create meal' or 'Failed to add food to meal' by the step that failed", async () => {
    mealApi({ create: () => json(500, { message: 'Internal server error' }) });
    renderInApp(<SingleFoodMealDialog open food={rice} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Failed to create meal')).toBeTruthy();
    cleanup();

    mealApi({ addFood: () => json(404, { message: 'Food not found' }) });
    renderInApp(<SingleFoodMealDialog open food={rice} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Failed to add food to meal')).toBeTruthy();
    expect(screen.getByText('Food not found')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('adds the food to the meal already created when Add is pressed again after adding it failed', async () => {
    let fail = true;
    const fetchMock = mealApi({
      create: () => json(201, aMeal({ id: 8, name: 'White rice meal', completed: false })),
      addFood: () => {
        const answer = fail ? json(503, { message: 'Journal unavailable' }) : json(201, aMeal({ id: 8 }));
        fail = false;
        return answer;
      },
    });
    renderInApp(<SingleFoodMealDialog open food={rice} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('“White rice meal” is saved without its food. Add adds it to that meal.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts(fetchMock).map(([path]) => path)).toEqual(['/api/meals', '/api/meals/8/foods', '/api/meals/8/foods']);
  });
});
