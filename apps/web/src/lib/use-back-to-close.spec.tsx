import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@jest/globals';
import { useState, type ReactNode } from 'react';
import { useBackToClose } from './use-back-to-close';

/** A dialog stand-in: its Close button, and a nested dialog it can open. */
function Dialog({ name, onClose, children }: { name: string; onClose: () => void; children?: ReactNode }) {
  useBackToClose(true, onClose);
  return (
    <div role="dialog" aria-label={name}>
      <button onClick={onClose}>Close {name}</button>
      {children}
    </div>
  );
}

function Screen() {
  const [outer, setOuter] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button onClick={() => setOuter(true)}>Open meal</button>
      {outer && (
        <Dialog name="Meal" onClose={() => setOuter(false)}>
          <button onClick={() => setInner(true)}>Add foods</button>
          {inner && <Dialog name="Add foods" onClose={() => setInner(false)} />}
        </Dialog>
      )}
    </>
  );
}

/** jsdom traverses history asynchronously, as a browser does: Back, then its popstate. */
async function back() {
  await act(async () => {
    window.history.back();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

afterEach(cleanup);

describe('useBackToClose', () => {
  it('closes the open dialog on Back and stays on the page', async () => {
    render(<Screen />);
    const before = window.history.length;
    fireEvent.click(screen.getByText('Open meal'));
    expect(window.history.length).toBe(before + 1);

    await back();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Open meal')).toBeTruthy();
    expect(window.history.state?.backToClose).toBeUndefined();
  });

  it('closes nested dialogs one Back at a time, the last opened first', async () => {
    render(<Screen />);
    fireEvent.click(screen.getByText('Open meal'));
    fireEvent.click(screen.getByText('Add foods'));

    await back();
    expect(screen.queryByRole('dialog', { name: 'Add foods' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Meal' })).toBeTruthy();

    await back();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes its entry back off when closed by its own button, so the next Back is not swallowed', async () => {
    window.history.replaceState({ page: 'dashboard' }, '');
    render(<Screen />);
    fireEvent.click(screen.getByText('Open meal'));
    fireEvent.click(screen.getByText('Close Meal'));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.history.state).toEqual({ page: 'dashboard' });

    fireEvent.click(screen.getByText('Open meal'));
    await back();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.history.state).toEqual({ page: 'dashboard' });
  });

  it('keeps the router state of the page in its entry, so the router sees the same place', () => {
    window.history.replaceState({ usr: null, key: 'diary', idx: 3 }, '');
    render(<Screen />);
    fireEvent.click(screen.getByText('Open meal'));
    expect(window.history.state).toEqual({ usr: null, key: 'diary', idx: 3, backToClose: true });
  });
});
