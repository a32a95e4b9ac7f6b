import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { aFood } from './food-fixtures';
import { FoodList } from './FoodList';

afterEach(cleanup);

describe('food rows (issue 10)', () => {
  it("say 'Check label' for a packaged food whose FODMAPs depend on its recipe, and 'Unknown' only for the unrated", () => {
    const foods = [
      aFood({ id: 1, name: 'Soup, canned', checkLabel: true }),
      aFood({ id: 2, name: 'Quince', checkLabel: false }),
      aFood({ id: 3, name: 'Garlic', fodmapRating: 'high' }),
    ];
    render(<FoodList foods={foods} onOpen={jest.fn()} label="Foods" />);
    const badgeOf = (name: string) => within(screen.getByRole('button', { name: new RegExp(`^${name}`) })).getByText(/FODMAP|label/);
    expect(badgeOf('Soup, canned').textContent).toBe('Check label');
    expect(badgeOf('Quince').textContent).toBe('Unknown FODMAP');
    expect(badgeOf('Garlic').textContent).toBe('High FODMAP');
  });
});
