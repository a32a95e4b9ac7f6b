import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { splitMessage, ToastContext, type ShownToast, type Toast, type ToastApi, type ToastVariant } from './toast-context';

/**
 * The snackbar's code: the provider loads it with the first toast, since no screen needs it to appear (spec §9).
 * Tests load it up front, so a first toast does not wait on loading a module.
 */
export const loadToastSnackbar = () => import('./ToastSnackbar');
const ToastSnackbar = lazy(async () => ({ default: (await loadToastSnackbar()).ToastSnackbar }));

/**
 * The one toast of an SPA (spec §9: one at a time, 5 to 6 seconds). `maxWidth` keeps it within the phone app's frame
 * on a wide screen, and `belowHeader` (a CSS length: the screens' header height) keeps it off the header; the admin
 * app leaves both out.
 */
export function ToastProvider({ maxWidth, belowHeader, children }: { maxWidth?: number; belowHeader?: string; children: ReactNode }) {
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
          <ToastSnackbar toast={current} open={open} onClose={close} maxWidth={maxWidth} belowHeader={belowHeader} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
