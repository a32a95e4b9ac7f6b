import { cleanup, render, screen } from '@testing-library/react';
import type { Stacking } from '@fodmap/contracts';
import { afterEach, describe, expect, it } from '@jest/globals';
import { StackingNote } from './StackingNote';

const stacking = (overrides: Partial<Stacking>): Stacking => ({ groups: [], stacked: [], unknownFoods: 0, ...overrides });

afterEach(cleanup);

describe('stacking note (issue 7)', () => {
  it('warns plainly when foods that are each fine add up over a group’s limit together', () => {
    render(<StackingNote score={{ stacking: stacking({ stacked: ['oligosaccharides'] }), unknownFoods: 0 }} foodCount={2} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Together these foods add up to more fructans and GOS (oligosaccharides) than a low-FODMAP meal allows, though each is fine on its own.',
    );
  });

  it('says in kitchen words, quietly, how many foods’ amounts are known when the check is partial', () => {
    render(<StackingNote score={{ stacking: stacking({ unknownFoods: 2 }), unknownFoods: 0 }} foodCount={3} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('FODMAP amounts are known for 1 of 3 foods, so we can’t fully check how they add up.')).toBeTruthy();
    cleanup();

    render(<StackingNote score={{ stacking: stacking({ unknownFoods: 2 }), unknownFoods: 0 }} foodCount={2} />);
    expect(screen.getByText('FODMAP amounts aren’t known for these foods, so we can’t check how they add up.')).toBeTruthy();
    cleanup();

    // One food adds up with nothing.
    const { container } = render(<StackingNote score={{ stacking: stacking({ unknownFoods: 1 }), unknownFoods: 0 }} foodCount={1} />);
    expect(container.textContent).toBe('');
  });
});
