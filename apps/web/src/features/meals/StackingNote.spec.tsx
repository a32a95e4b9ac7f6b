import { cleanup, render, screen } from '@testing-library/react';
import type { Stacking } from '@fodmap/contracts';
import { afterEach, describe, expect, it } from '@jest/globals';
import { StackingNote } from './StackingNote';

const stacking = (overrides: Partial<Stacking>): Stacking => ({ groups: [], stacked: [], unknownFoods: 0, ...overrides });

afterEach(cleanup);

describe('stacking note (issue 7)', () => {
  it('leaves the groups that add up over a limit to the meal’s FODMAP risk, which names them first (issue 18)', () => {
    const { container } = render(<StackingNote score={{ stacking: stacking({ stacked: ['oligosaccharides'] }), unknownFoods: 0 }} foodCount={2} />);
    expect(container.textContent).toBe('');
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
