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

/** jsdom traverses history asynchronously, as a browser does: the traversal's popstate, however long a busy machine takes. */
const nextPopState = () => new Promise<void>((resolve) => window.addEventListener('popstate', () => resolve(), { once: true }));

/** The phone's Back, until its popstate has been handled. */
async function back() {
  await act(async () => {
    const popped = nextPopState();
    window.history.back();
    await popped;
  });
}
/** Until the history entry a dialog took back off itself (history.back() in its clean-up) has been left. */
const settle = () => act(() => nextPopState());

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
