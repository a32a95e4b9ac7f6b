import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { aFood } from '../foods/food-fixtures';
import { aMeal, fakeApi, json, renderInApp, requests } from '../../test-kit';
import { AddFoodsDialog } from './AddFoodsDialog';

const rices = Array.from({ length: 12 }, (_, i) => aFood({ id: i + 1, name: `Rice ${i + 1}`, servingSize: '1 cup (158 g)', servingGrams: 158 }));
const onClose = jest.fn();

beforeAll(loadToastSnackbar);
afterEach(() => {
  cleanup();
  onClose.mockReset();
  jest.restoreAllMocks();
});

describe('add foods to a meal (spec §4 Add-foods dialog, §9)', () => {
  it('searches above 2 characters, offers 10, and adds the chosen amount', async () => {
    const fetchMock = fakeApi((path, init) => {
      if (path.startsWith('/api/foods/search?q=')) return json(200, rices);
      if (path === '/api/meals/5/foods' && init?.method === 'POST') return json(201, aMeal({ id: 5 }));
      if (path.startsWith('/api/')) return json(200, []);
      return undefined;
    });
    renderInApp(<AddFoodsDialog open mealId={5} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Add foods' });
    expect(within(dialog).getByRole('tab', { name: 'Search Foods' }).getAttribute('aria-selected')).toBe('true');
    expect(within(dialog).getByRole('tab', { name: 'Add New Food' })).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Search foods'), { target: { value: 'ri' } });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(requests(fetchMock).filter((request) => request.includes('/search'))).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Search foods'), { target: { value: 'ric' } });
    await within(dialog).findByRole('button', { name: /Rice 1\b/ });
    expect(within(within(dialog).getByRole('list', { name: 'Search results' })).getAllByRole('button')).toHaveLength(10);

    fireEvent.click(within(dialog).getByRole('button', { name: /Rice 2\b/ }));
    fireEvent.change(within(dialog).getByLabelText('Quantity of Rice 2'), { target: { value: '1.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to meal' }));

    expect(await screen.findByText('Food added to meal successfully')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const added = fetchMock.mock.calls.find(([path, init]) => path === '/api/meals/5/foods' && init?.method === 'POST');
    expect(JSON.parse(String(added?.[1]?.body))).toEqual({ foodId: 2, quantity: 1.5, servingUnit: 'cup' });
  }, 15_000);
});

describe('adding a food to a saved meal past its low-FODMAP serving (issue 10)', () => {
  it('notes the amount once it passes the serving shown low, and not within it', async () => {
    const raspberries = aFood({
      id: 7,
      name: 'Raspberries',
      servingSize: '1 cup (123 g)',
      servingGrams: 123,
      fodmapRating: 'medium',
      portion: { lowUpToGrams: 60, lowUpToText: 'about ½ cup', highFromGrams: null, highFromText: null },
    });
    fakeApi((path) => (path.startsWith('/api/foods/search?q=') ? json(200, [raspberries]) : path.startsWith('/api/') ? json(200, []) : undefined));
    renderInApp(<AddFoodsDialog open mealId={5} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Add foods' });
    fireEvent.change(within(dialog).getByLabelText('Search foods'), { target: { value: 'ras' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: /Raspberries/ }));

    expect(within(dialog).getByRole('status').textContent).toBe('More than the low-FODMAP serving (60 g): 123 g may be medium');
    fireEvent.change(within(dialog).getByLabelText('Quantity of Raspberries'), { target: { value: '0.4' } });
    await waitFor(() => expect(within(dialog).queryByRole('status')).toBeNull());
  }, 15_000);
});
