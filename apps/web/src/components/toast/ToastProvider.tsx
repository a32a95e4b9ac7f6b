import { Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import { splitMessage, ToastContext, type ShownToast, type Toast, type ToastApi, type ToastVariant } from './toast-context';

// The snackbar's code loads with the first toast: no screen needs it to appear.
const ToastSnackbar = lazyNamed(() => import('./ToastSnackbar'), 'ToastSnackbar');

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [open, setOpen] = useState(false);
  const shown = useRef(0);

  const toast = useCallback((next: Toast) => {
    shown.current += 1;
    setCurrent({ ...next, id: shown.current });
    setOpen(true);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({ toast, toastMessage: (message: string, variant?: ToastVariant) => toast({ ...splitMessage(message), variant }) }),
    [toast],
  );

  const close = (_event?: unknown, reason?: string) => {
    // A tap elsewhere on the screen must not swallow a message the person has not read yet.
    if (reason !== 'clickaway') setOpen(false);
  };

  return (
    <ToastContext.Provider value={api}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <ToastSnackbar toast={current} open={open} onClose={close} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
