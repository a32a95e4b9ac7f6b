import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { aFood } from '../foods/food-fixtures';
import { aMeal, fakeApi, json, renderInApp, requests } from '../../test-kit';
import type { AddMealFoodInput, MealFood } from '@fodmap/contracts';
import { mealFoodOf } from './meal-builder';
import { useMealDialogs } from './use-meal-dialogs';

const oats = aFood({ id: 1, name: 'Oats', servingSize: '1 cup (80 g)', servingGrams: 80, caloriesPerServing: 300, fodmapRating: 'low' });
const banana = aFood({ id: 2, name: 'Banana', servingSize: '1 medium (118 g)', servingGrams: 118, caloriesPerServing: 105, fodmapRating: 'medium' });
const bread = aFood({ id: 3, name: 'Bread', servingSize: '2 slices (60 g)', servingGrams: 60, caloriesPerServing: 160, fodmapRating: 'low' });
const beans = aFood({ id: 5, name: 'Adzuki beans', servingSize: '½ cup (115 g)', servingGrams: 115, caloriesPerServing: 147, fodmapRating: 'high' });
const raspberries = aFood({
  id: 6,
  name: 'Raspberries',
  servingSize: '1 cup (123 g)',
  servingGrams: 123,
  caloriesPerServing: 64,
  fodmapRating: 'medium',
  portion: { lowUpToGrams: 60, lowUpToText: 'about ½ cup', highFromGrams: null, highFromText: null },
});

/** The gateway's food search and meal routes; `addFood` answers each POST of a food. */
function mealApi(addFood: (mealId: number, body: AddMealFoodInput) => Response = (mealId) => json(201, aMeal({ id: mealId }))) {
  return fakeApi((path, init) => {
    if (path.startsWith('/api/foods/search?q=')) {
      const term = decodeURIComponent(path.slice('/api/foods/search?q='.length)).toLowerCase();
      return json(200, [oats, banana, bread, beans, raspberries].filter((food) => food.name.toLowerCase().startsWith(term)));
    }
    if (path === '/api/meals' && init?.method === 'POST') return json(201, aMeal({ id: 42, name: JSON.parse(String(init.body)).name }));
    const food = /^\/api\/meals\/(\d+)\/foods$/.exec(path);
    if (food && init?.method === 'POST') return addFood(Number(food[1]), JSON.parse(String(init.body)));
    if (path.startsWith('/api/meals') || path.startsWith('/api/symptoms') || path.startsWith('/api/foods')) return json(200, []);
    return undefined;
  });
}

function Screen() {
  const meals = useMealDialogs();
  return (
    <>
      <button onClick={meals.builder.open}>Open builder</button>
      {meals.dialogs}
    </>
  );
}

const builder = () => screen.getByRole('dialog', { name: 'Build Your Meal' });
async function openBuilder() {
  fireEvent.click(screen.getByRole('button', { name: 'Open builder' }));
  return screen.findByRole('dialog', { name: 'Build Your Meal' });
}
async function addFood(name: string) {
  const field = within(builder()).getByLabelText('Add a food');
  fireEvent.focus(field);
  fireEvent.change(field, { target: { value: name.slice(0, 3) } });
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(name) }, { timeout: 3000 }));
}
const posts = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([path, init]) => [String(path), JSON.parse(String(init?.body))]);

beforeAll(() => Promise.all([import('./MealBuilderDialog'), loadToastSnackbar()]));
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe("'Build Your Meal' (spec §4, §5)", () => {
  it('names the meal after its foods, merges a food added twice, and says which happened', async () => {
    mealApi();
    renderInApp(<Screen />);
    await openBuilder();
    const name = () => (within(builder()).getByLabelText(/^Meal Name/) as HTMLInputElement).value;
    expect(name()).toBe('');

    await addFood('Oats');
    // Said in the builder, not in a toast: one toast per action, and adding a food is a step of the save (issue 18).
    expect(await within(builder()).findByText('Added to meal: Oats')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(name()).toBe('Oats meal');
    expect((within(builder()).getByLabelText('Unit of Oats') as HTMLSelectElement).value).toBe('cup');

    await addFood('Banana');
    await waitFor(() => expect(name()).toBe('Oats & Banana'));

    await addFood('Oats');
    expect(await within(builder()).findByText('Updated: Oats')).toBeTruthy();
    expect(within(builder()).getAllByRole('listitem').filter((item) => item.textContent?.startsWith('Oats'))).toHaveLength(1);
    expect((within(builder()).getByLabelText('Quantity of Oats') as HTMLInputElement).value).toBe('2');
    // 2 cups of oats and a banana.
    expect(within(builder()).getByText('Total: 705 kcal')).toBeTruthy();

    fireEvent.change(within(builder()).getByLabelText(/^Meal Name/), { target: { value: 'Porridge' } });
    expect(name()).toBe('Porridge');
  }, 20_000);

  it('fills in each food’s serving as its amount: ½ cup as 0.5 cup, 2 slices as 2, 1 cup as 1', async () => {
    mealApi();
    renderInApp(<Screen />);
    await openBuilder();
    await addFood('Adzuki beans');
    await addFood('Bread');
    await addFood('Oats');
    const amount = (name: string) => [
      (within(builder()).getByLabelText(`Quantity of ${name}`) as HTMLInputElement).value,
      (within(builder()).getByLabelText(`Unit of ${name}`) as HTMLSelectElement).value,
    ];
    expect(amount('Adzuki beans')).toEqual(['0.5', 'cup']);
    expect(amount('Bread')).toEqual(['2', 'slices']);
    expect(amount('Oats')).toEqual(['1', 'cup']);
    // Each at its rated serving: the high beans stay high, the bread low, and its calories are the serving's.
    expect(within(builder()).getByText('Total: 607 kcal')).toBeTruthy();
  }, 20_000);

  it('notes under a food when its amount passes the low-FODMAP serving, and not within it (issue 10)', async () => {
    mealApi();
    renderInApp(<Screen />);
    await openBuilder();
    await addFood('Raspberries');
    await addFood('Oats');
    const entry = (name: string) => within(builder()).getAllByRole('listitem').find((item) => item.textContent?.startsWith(name)) as HTMLElement;
    const note = (name: string) => within(entry(name)).queryByRole('status')?.textContent ?? null;
    // A cup of raspberries is more than the 60 g shown low; oats have no tested serving, so no note.
    expect(note('Raspberries')).toBe('More than the low-FODMAP serving (60 g): 123 g may be medium');
    expect(note('Oats')).toBeNull();

    fireEvent.change(within(builder()).getByLabelText('Quantity of Raspberries'), { target: { value: '0.4' } });
    await waitFor(() => expect(note('Raspberries')).toBeNull());
    fireEvent.change(within(builder()).getByLabelText('Unit of Raspberries'), { target: { value: 'g' } });
    fireEvent.change(within(builder()).getByLabelText('Quantity of Raspberries'), { target: { value: '90' } });
    await waitFor(() => expect(note('Raspberries')).toBe('More than the low-FODMAP serving (60 g): 90 g may be medium'));
  }, 20_000);

  it('falls back to a quantity of 0.1 when what is typed is no quantity', async () => {
    mealApi();
    renderInApp(<Screen />);
    await openBuilder();
    await addFood('Oats');
    const quantity = within(builder()).getByLabelText('Quantity of Oats') as HTMLInputElement;
    fireEvent.change(quantity, { target: { value: '1.5' } });
    fireEvent.blur(quantity);
    expect(quantity.value).toBe('1.5');
    fireEvent.change(quantity, { target: { value: '' } });
    fireEvent.blur(quantity);
    expect(quantity.value).toBe('0.1');
    fireEvent.change(quantity, { target: { value: '-3' } });
    fireEvent.blur(quantity);
    expect(quantity.value).toBe('0.1');
  }, 20_000);

  it('asks for a name and a food before saving, and sends nothing', async () => {
    const fetchMock = mealApi();
    renderInApp(<Screen />);
    await openBuilder();
    fireEvent.click(within(builder()).getByRole('button', { name: 'Save Meal' }));
    expect(await within(builder()).findByText('Meal Name is required')).toBeTruthy();
    expect(within(builder()).getByText('Please add at least one food item to your meal')).toBeTruthy();
    expect(posts(fetchMock)).toEqual([]);
  });

  it('creates the meal, then adds each food in order, then empties and closes', async () => {
    const fetchMock = mealApi();
    renderInApp(<Screen />);
    await openBuilder();
    await addFood('Oats');
    await addFood('Banana');
    fireEvent.change(within(builder()).getByLabelText('Quantity of Banana'), { target: { value: '0.5' } });
    fireEvent.change(within(builder()).getByLabelText('Unit of Banana'), { target: { value: 'g' } });
    fireEvent.click(within(builder()).getByRole('button', { name: 'Save Meal' }));

    expect(await screen.findByText('Meal created with 2 food items')).toBeTruthy();
    expect(screen.getByText('Success')).toBeTruthy();
    const sent = posts(fetchMock);
    expect(sent.map(([path]) => path)).toEqual(['/api/meals', '/api/meals/42/foods', '/api/meals/42/foods']);
    expect(sent[0][1]).toMatchObject({ name: 'Oats & Banana' });
    expect(sent.slice(1).map(([, body]) => body)).toEqual([
      { foodId: 1, quantity: 1, servingUnit: 'cup' },
      { foodId: 2, quantity: 0.5, servingUnit: 'g' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Build Your Meal' })).toBeNull());
    expect(requests(fetchMock).filter((request) => request.startsWith('POST /api/meals')).length).toBe(3);

    // Opened again, the builder is empty.
    await openBuilder();
    expect(within(builder()).getByText('Search above to add the foods of your meal.')).toBeTruthy();
  }, 20_000);

  it("says 'Error' with the server's words when a food cannot be added, and keeps the foods", async () => {
    mealApi(() => json(409, { message: 'This meal is completed: its foods can no longer change' }));
    renderInApp(<Screen />);
    await openBuilder();
    await addFood('Oats');
    fireEvent.click(within(builder()).getByRole('button', { name: 'Save Meal' }));
    expect(await screen.findByText('This meal is completed: its foods can no longer change')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(within(builder()).getByLabelText('Quantity of Oats')).toBeTruthy();
  }, 20_000);

  it('continues the same meal when saved again after a food could not be added, adding only the foods it lacks', async () => {
    const saved: MealFood[] = [];
    let failBanana = true;
    const fetchMock = mealApi((mealId, body) => {
      if (body.foodId === banana.id && failBanana) {
        failBanana = false;
        return json(503, { message: 'Journal unavailable' });
      }
      saved.push(mealFoodOf({ food: body.foodId === oats.id ? oats : banana, quantity: body.quantity, servingUnit: body.servingUnit }, saved.length + 1));
      return json(201, aMeal({ id: mealId, name: 'Oats & Banana', completed: false, foods: [...saved] }));
    });
    renderInApp(<Screen />);
    await openBuilder();
    await addFood('Oats');
    await addFood('Banana');
    fireEvent.click(within(builder()).getByRole('button', { name: 'Save Meal' }));

    expect(await screen.findByText('Journal unavailable')).toBeTruthy();
    expect(await within(builder()).findByText('“Oats & Banana” is saved with 1 of 2 foods. Save Meal adds the rest to it.')).toBeTruthy();
    expect(within(builder()).queryByRole('button', { name: 'Remove Oats' })).toBeNull();
    expect((within(builder()).getByLabelText('Quantity of Oats') as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(within(builder()).getByRole('button', { name: 'Save Meal' }));
    expect(await screen.findByText('Meal created with 2 food items')).toBeTruthy();
    expect(posts(fetchMock).map(([path, body]) => `${path} ${body.foodId ?? body.name}`)).toEqual([
      '/api/meals Oats & Banana',
      '/api/meals/42/foods 1',
      '/api/meals/42/foods 2',
      '/api/meals/42/foods 2',
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Build Your Meal' })).toBeNull());
  }, 20_000);
});
