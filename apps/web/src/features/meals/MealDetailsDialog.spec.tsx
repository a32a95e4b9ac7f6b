import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Meal, Symptom } from '@fodmap/contracts';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { aFood } from '../foods/food-fixtures';
import { aMeal, fakeApi, json, renderInApp, requests } from '../../test-kit';
import { mealFoodOf } from './meal-preview';
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

describe('meal details: correcting a meal and its symptoms, Log again undo (issue 18)', () => {
  const bloating: Symptom = { id: 21, symptomType: 'bloating', severity: 'mild', notes: null, timestamp: '2025-03-03T21:00:00.000Z', mealId: 3 };
  const meal = aMeal({ id: 3, name: 'Porridge', mealType: 'breakfast', completed: true, foods: [oats], symptoms: [bloating] });

  /** The gateway holding the meal; `patch` answers each PATCH (by default: as asked), `repeat` and `remove` the rest. */
  function gateway(patch: (path: string, body: Record<string, unknown>) => Response = (path) => json(200, path.startsWith('/api/symptoms') ? bloating : meal)) {
    const fetchMock = fakeApi((path, init) => {
      if (init?.method === 'PATCH') return patch(path, JSON.parse(String(init.body)));
      if (path === '/api/meals/3/repeat' && init?.method === 'POST') return json(201, aMeal({ id: 50, name: 'Porridge', foods: [oats] }));
      if (path === '/api/meals/50' && init?.method === 'DELETE') return json(200, { message: 'Meal deleted successfully' });
      if (path === '/api/meals/3') return json(200, meal);
      if (path.startsWith('/api/meals') || path.startsWith('/api/symptoms') || path.startsWith('/api/foods') || path.startsWith('/api/insights') || path === '/api/dashboard/stats') return json(200, []);
      return undefined;
    });
    renderInApp(<MealDetailsDialog meal={meal} open onClose={() => undefined} timeZone="Europe/London" onUnauthorized={() => false} />);
    return fetchMock;
  }
  const patches = (fetchMock: ReturnType<typeof fakeApi>) =>
    fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([path, init]) => [String(path), JSON.parse(String(init?.body))]);

  it('corrects when the meal was eaten, its name and notes, sending only what changed, and says so', async () => {
    const fetchMock = gateway();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit meal' });
    fireEvent.change(within(edit).getByLabelText('When did you eat?'), { target: { value: '2025-03-03T07:30' } });
    fireEvent.change(within(edit).getByLabelText(/^Meal Name/), { target: { value: 'Oat porridge' } });
    fireEvent.change(within(edit).getByLabelText('Notes'), { target: { value: 'With lactose-free milk' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Meal updated')).toBeTruthy();
    expect(patches(fetchMock)).toEqual([['/api/meals/3', { timestamp: new Date(2025, 2, 3, 7, 30).toISOString(), name: 'Oat porridge', notes: 'With lactose-free milk' }]]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit meal' })).toBeNull());
    // The meal shown is read again after the change.
    await waitFor(() => expect(requests(fetchMock).slice(requests(fetchMock).indexOf('PATCH /api/meals/3'))).toContain('GET /api/meals/3'));
  }, 20_000);

  it('corrects the amount of a food of a completed meal', async () => {
    const fetchMock = gateway();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit amount of Oats' }));
    fireEvent.change(screen.getByLabelText('Quantity of Oats'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Unit of Oats'), { target: { value: 'g' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save amount' }));
    expect(await screen.findByText('Meal updated')).toBeTruthy();
    expect(patches(fetchMock)).toEqual([['/api/meals/3/foods/11', { quantity: 2, servingUnit: 'g' }]]);
  }, 20_000);

  it("says 'Failed to update meal' with the server's words", async () => {
    gateway(() => json(409, { message: 'This meal is deleted' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit meal' });
    fireEvent.change(within(edit).getByLabelText(/^Meal Name/), { target: { value: 'Oat porridge' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update meal')).toBeTruthy();
    expect(screen.getByText('This meal is deleted')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit meal' })).toBeTruthy();
  }, 20_000);

  it('corrects one of its symptoms in the symptom form, opened with its values', async () => {
    const fetchMock = gateway();
    fireEvent.click(await screen.findByRole('button', { name: /^Edit Bloating at/ }));
    const form = await screen.findByRole('dialog', { name: 'Edit Symptom' });
    expect((within(form).getByLabelText(/^Symptom/) as HTMLSelectElement).value).toBe('bloating');
    expect(within(form).getByRole('button', { name: 'Mild' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(form).getByRole('button', { name: 'Severe' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Symptom updated')).toBeTruthy();
    expect(patches(fetchMock)).toEqual([['/api/symptoms/21', { severity: 'severe' }]]);
  }, 20_000);

  it("offers Undo after 'Log again', which deletes the meal it logged", async () => {
    const fetchMock = gateway();
    fireEvent.click(await screen.findByRole('button', { name: 'Log again' }));
    expect(await screen.findByText('Porridge logged again for now')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Meal deleted successfully')).toBeTruthy();
    expect(requests(fetchMock)).toEqual(expect.arrayContaining(['POST /api/meals/3/repeat', 'DELETE /api/meals/50']));
  }, 20_000);
});
