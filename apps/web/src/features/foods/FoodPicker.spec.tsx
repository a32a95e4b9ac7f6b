import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createQueryClient } from '../../lib/query-client';
import { aFood } from './food-fixtures';
import { FoodPicker } from './FoodPicker';

const onions = Array.from({ length: 8 }, (_, i) => aFood({ id: i + 1, name: `Onion ${i + 1}` }));

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('inline food picker (spec §5 Search, §9)', () => {
  it('searches from 2 characters after a 300 ms pause, offers the first 5 results and hands over the one picked', async () => {
    jest.useFakeTimers();
    const fetchMock = jest.fn<typeof fetch>(async () => new Response(JSON.stringify(onions), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    jest.spyOn(globalThis, 'fetch').mockClear().mockImplementation(fetchMock);
    const onSelect = jest.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <FoodPicker onSelect={onSelect} onUnauthorized={() => false} />
      </QueryClientProvider>,
    );
    const field = screen.getByLabelText('Search foods');
    fireEvent.focus(field);

    fireEvent.change(field, { target: { value: 'o' } });
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText('Type at least 2 characters')).toBeTruthy();

    fireEvent.change(field, { target: { value: 'on' } });
    await act(() => jest.advanceTimersByTimeAsync(299));
    expect(fetchMock).not.toHaveBeenCalled();
    for (let waited = 0; screen.queryAllByRole('option').length === 0 && waited < 200; waited += 10) {
      await act(() => jest.advanceTimersByTimeAsync(10));
    }
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/foods/search?q=on']);
    expect(screen.getAllByRole('option').map((option) => option.textContent?.split('1 serving')[0])).toEqual(['Onion 1', 'Onion 2', 'Onion 3', 'Onion 4', 'Onion 5']);

    fireEvent.click(screen.getByRole('option', { name: /Onion 2/ }));
    expect(onSelect).toHaveBeenCalledWith(onions[1]);
    expect((field as HTMLInputElement).value).toBe('');
  });
});
