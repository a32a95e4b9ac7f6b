import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Dialog } from '@mui/material';
import { useEffect } from 'react';
import { loadToastSnackbar, ToastProvider } from './ToastProvider';
import { useToast, type Toast } from './toast-context';

/** Shows `toasts` one after the other as it mounts, as a screen does after a save. */
function Shows({ toasts }: { toasts: Toast[] }) {
  const { toast } = useToast();
  useEffect(() => toasts.forEach(toast), [toast, toasts]);
  return <p>Screen</p>;
}

/** Shows a spec message written as 'Title - Description'. */
function ShowsMessage({ message }: { message: string }) {
  const { toastMessage } = useToast();
  useEffect(() => toastMessage(message, 'destructive'), [toastMessage, message]);
  return null;
}

const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

beforeAll(loadToastSnackbar);
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

describe('the toast (spec §8, §9)', () => {
  it('shows one toast at a time: a new one replaces the one on screen', async () => {
    render(
      <ToastProvider>
        <Shows toasts={[{ title: 'Meal saved' }, { title: 'Symptom logged', description: 'Bloating, moderate' }]} />
      </ToastProvider>,
    );
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Symptom logged')).toBeTruthy();
    expect(within(toast).getByText('Bloating, moderate')).toBeTruthy();
    expect(screen.queryByText('Meal saved')).toBeNull();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it("splits a 'Title - Description' message, and marks a failure destructive", async () => {
    render(
      <ToastProvider>
        <ShowsMessage message="Session expired - Please sign in again." />
      </ToastProvider>,
    );
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Session expired')).toBeTruthy();
    expect(within(toast).getByText('Please sign in again.')).toBeTruthy();
    expect(toast.getAttribute('data-variant')).toBe('destructive');
  });

  it('stays through a tap elsewhere and goes after 5 seconds', async () => {
    jest.useFakeTimers();
    render(
      <ToastProvider>
        <Shows toasts={[{ title: 'Meal saved' }]} />
      </ToastProvider>,
    );
    await wait(0);
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByText('Screen'));
    await wait(4900);
    expect(screen.getByText('Meal saved')).toBeTruthy();
    // 5 seconds, then the snackbar's exit transition.
    await wait(1100);
    await wait(500);
    expect(screen.queryByText('Meal saved')).toBeNull();
  });

  it('is not hidden from screen readers by an open dialog', async () => {
    render(
      <ToastProvider>
        <Dialog open aria-label="Log meal">
          <Shows toasts={[{ title: 'Meal saved' }]} />
        </Dialog>
      </ToastProvider>,
    );
    const toast = await screen.findByRole('alert');
    expect(toast.closest('[aria-hidden="true"]')).toBeNull();
  });
});
