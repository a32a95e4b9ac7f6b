import { Alert, AlertTitle, Snackbar } from '@mui/material';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { splitMessage, ToastContext, type Toast, type ToastApi, type ToastVariant } from './toast-context';

/** Spec §9: a toast stays 5 to 6 seconds. */
export const TOAST_DURATION_MS = 5000;

interface ShownToast extends Toast {
  id: number;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [open, setOpen] = useState(false);
  const shown = useRef(0);

  // A new id remounts the snackbar, so a replacing toast gets its own full display time.
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
  const destructive = current?.variant === 'destructive';

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Snackbar
        key={current?.id}
        open={open}
        autoHideDuration={TOAST_DURATION_MS}
        onClose={close}
        // Above the bottom tab bar, where a thumb is and where it hides neither the header nor the screen's title.
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={{ maxWidth: 420, mx: 'auto', bottom: { xs: 80, sm: 80 } }}
      >
        <Alert
          onClose={close}
          severity={destructive ? 'error' : 'success'}
          variant={destructive ? 'filled' : 'standard'}
          data-variant={current?.variant ?? 'default'}
          sx={{ width: '100%', boxShadow: 3 }}
        >
          <AlertTitle sx={{ mb: current?.description ? 0.5 : 0 }}>{current?.title}</AlertTitle>
          {current?.description}
        </Alert>
      </Snackbar>
    </ToastContext.Provider>
  );
}
