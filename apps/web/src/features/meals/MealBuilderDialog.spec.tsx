import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { aFood } from '../foods/food-fixtures';
import { aMeal, fakeApi, json, renderInApp } from '../../test-kit';
import { useMealDialogs } from './use-meal-dialogs';
import { at, freezeClock } from './clock-fixtures';

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

/** The gateway's food search and meal routes; `create` answers each POST of a meal. */
function mealApi(create: () => Response = () => json(201, aMeal({ id: 42 }))) {
  return fakeApi((path, init) => {
    if (path.startsWith('/api/foods/search?q=')) {
      const term = decodeURIComponent(path.slice('/api/foods/search?q='.length)).toLowerCase();
      return json(200, [oats, banana, bread, beans, raspberries].filter((food) => food.name.toLowerCase().startsWith(term)));
    }
    if (path === '/api/meals' && init?.method === 'POST') return create();
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
/** The meal saves sent: each body with its Idempotency-Key. */
const sent = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls
    .filter(([path, init]) => path === '/api/meals' && init?.method === 'POST')
    .map(([, init]) => ({ body: JSON.parse(String(init?.body)), key: (init?.headers as Record<string, string>)['Idempotency-Key'] }));
const posts = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([path, init]) => [String(path), JSON.parse(String(init?.body))]);

beforeAll(() => Promise.all([import('./MealBuilderDialog'), loadToastSnackbar()]));
afterEach(() => {
  cleanup();
  jest.useRealTimers();
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

  it('saves the meal with all its foods in one request, at the time chosen, then empties and closes', async () => {
    freezeClock(at(3, 12));
    const fetchMock = mealApi();
    renderInApp(<Screen />);
    await openBuilder();
    await addFood('Oats');
    await addFood('Banana');
    fireEvent.change(within(builder()).getByLabelText('Quantity of Banana'), { target: { value: '0.5' } });
    fireEvent.change(within(builder()).getByLabelText('Unit of Banana'), { target: { value: 'g' } });
    fireEvent.change(within(builder()).getByLabelText('When did you eat?'), { target: { value: '2025-03-03T08:00' } });
    fireEvent.click(within(builder()).getByRole('button', { name: 'Save Meal' }));

    expect(await screen.findByText('Meal created with 2 food items')).toBeTruthy();
    expect(screen.getByText('Success')).toBeTruthy();
    expect(posts(fetchMock)).toEqual([
      [
        '/api/meals',
        {
          mealType: 'breakfast',
          name: 'Oats & Banana',
          timestamp: at(3, 8).toISOString(),
          foods: [
            { foodId: 1, quantity: 1, servingUnit: 'cup' },
            { foodId: 2, quantity: 0.5, servingUnit: 'g' },
          ],
        },
      ],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Build Your Meal' })).toBeNull());

    // Opened again, the builder is empty and eaten now.
    await openBuilder();
    expect(within(builder()).getByText('Search above to add the foods of your meal.')).toBeTruthy();
    expect(within(builder()).getByRole('button', { name: 'Now' }).getAttribute('aria-pressed')).toBe('true');
  }, 20_000);

  it('sets the time and the meal type with one tap: now, an hour ago, the usual time of the type', async () => {
    freezeClock(at(3, 12));
    mealApi();
    renderInApp(<Screen />);
    await openBuilder();
    const when = () => (within(builder()).getByLabelText('When did you eat?') as HTMLInputElement).value;
    const pressedType = () => within(builder()).getAllByRole('button', { pressed: true }).map((button) => button.textContent)[0];

    expect(when()).toBe('2025-03-03T12:00');
    expect(pressedType()).toBe('Lunch');
    fireEvent.click(within(builder()).getByRole('button', { name: '1 h ago' }));
    expect(when()).toBe('2025-03-03T11:00');

    // An earlier time: the type follows it.
    fireEvent.change(within(builder()).getByLabelText('When did you eat?'), { target: { value: '2025-03-03T07:40' } });
    expect(pressedType()).toBe('Breakfast');
    fireEvent.click(within(builder()).getByRole('button', { name: /^Usual breakfast 8:00/ }));
    expect(when()).toBe('2025-03-03T08:00');

    // A type the person picks stays whatever the time; dinner's usual time has not come yet today.
    fireEvent.click(within(builder()).getByRole('button', { name: 'Dinner' }));
    fireEvent.click(within(builder()).getByRole('button', { name: /^Usual dinner 7:00\sPM yesterday/ }));
    expect(when()).toBe('2025-03-02T19:00');
    fireEvent.click(within(builder()).getByRole('button', { name: 'Now' }));
    expect(pressedType()).toBe('Dinner');
    expect(when()).toBe('2025-03-03T12:00');
  }, 20_000);

  it('offers the person’s own usual time of a meal type from their recent days', async () => {
    freezeClock(at(3, 10));
    fakeApi((path) => {
      if (path.startsWith('/api/meals?date=')) return json(200, [aMeal({ id: 7, mealType: 'breakfast', timestamp: at(2, 7, 15).toISOString() })]);
      if (path.startsWith('/api/meals') || path.startsWith('/api/symptoms') || path.startsWith('/api/foods')) return json(200, []);
      return undefined;
    });
    renderInApp(<Screen />);
    await openBuilder();
    expect(await within(builder()).findByRole('button', { name: /^Usual breakfast 7:15/ })).toBeTruthy();
  }, 20_000);

  it('refuses a time in the future and sends nothing', async () => {
    freezeClock(at(3, 12));
    const fetchMock = mealApi();
    renderInApp(<Screen />);
    await openBuilder();
    await addFood('Oats');
    fireEvent.change(within(builder()).getByLabelText('When did you eat?'), { target: { value: '2025-03-03T13:00' } });
    expect(within(builder()).getByText('Meal time must not be in the future')).toBeTruthy();
    fireEvent.click(within(builder()).getByRole('button', { name: 'Save Meal' }));
    expect(posts(fetchMock)).toEqual([]);
  }, 20_000);

  it("says 'Error' with the server's words when the meal cannot be saved, and keeps the foods", async () => {
    mealApi(() => json(404, { message: 'Food not found' }));
    renderInApp(<Screen />);
    await openBuilder();
    await addFood('Oats');
    fireEvent.click(within(builder()).getByRole('button', { name: 'Save Meal' }));
    expect(await screen.findByText('Food not found')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(within(builder()).getByLabelText('Quantity of Oats')).toBeTruthy();
  }, 20_000);

  it('sends a save again after a failure with the same body, time and Idempotency-Key; a changed meal is a new save', async () => {
    let answers = [json(503, { message: 'Journal unavailable' }), json(503, { message: 'Journal unavailable' })];
    const fetchMock = mealApi(() => answers.shift() ?? json(201, aMeal({ id: 42 })));
    freezeClock(at(3, 12));
    renderInApp(<Screen />);
    await openBuilder();
    await addFood('Oats');
    fireEvent.click(within(builder()).getByRole('button', { name: 'Save Meal' }));
    expect(await screen.findByText('Journal unavailable')).toBeTruthy();

    // Tapped again five minutes later: still the meal eaten at the first tap.
    freezeClock(at(3, 12, 5));
    fireEvent.click(within(builder()).getByRole('button', { name: 'Save Meal' }));
    await waitFor(() => expect(sent(fetchMock)).toHaveLength(2));
    const [first, again] = sent(fetchMock);
    expect(again).toEqual(first);
    expect(first.body.timestamp).toBe(at(3, 12).toISOString());
    expect(first.key).toMatch(/^[0-9a-f]{32}$/);

    fireEvent.change(within(builder()).getByLabelText('Quantity of Oats'), { target: { value: '2' } });
    answers = [];
    fireEvent.click(within(builder()).getByRole('button', { name: 'Save Meal' }));
    expect(await screen.findByText('Meal created with 1 food item')).toBeTruthy();
    const changed = sent(fetchMock)[2];
    expect(changed.key).not.toBe(first.key);
    expect(changed.body).toMatchObject({ timestamp: at(3, 12, 5).toISOString(), foods: [{ foodId: 1, quantity: 2, servingUnit: 'cup' }] });
  }, 20_000);
});
