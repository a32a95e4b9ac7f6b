import { Alert, AlertTitle, Portal, Snackbar } from '@mui/material';
import { AdminMessages } from '@fodmap/contracts';
import { serverMessage } from '@fodmap/web-client';
import { useMemo, useState, type ReactNode } from 'react';
import { ToastContext, type AdminToast, type ToastApi } from './toast-context';

/** Spec §9: a toast stays 5 to 6 seconds. */
const TOAST_DURATION_MS = 5000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(AdminToast & { id: number }) | null>(null);
  const [open, setOpen] = useState(false);

  const api = useMemo<ToastApi>(() => {
    // A new id remounts the snackbar, so a replacing toast gets its own full display time.
    const show = (toast: AdminToast) => {
      setCurrent((previous) => ({ ...toast, id: (previous?.id ?? 0) + 1 }));
      setOpen(true);
    };
    return {
      success: (message) => show({ title: message, variant: 'success' }),
      failure: (error) =>
        show({ title: AdminMessages.error, description: serverMessage(error, error instanceof Error ? error.message : String(error)), variant: 'error' }),
    };
  }, []);

  const close = (_event?: unknown, reason?: string) => {
    // A click elsewhere must not swallow a message the admin has not read yet.
    if (reason !== 'clickaway') setOpen(false);
  };

  return (
    <ToastContext.Provider value={api}>
      {children}
      {current && (
        // Beside an open dialog, not inside the app root that the dialog hides from screen readers while open.
        <Portal>
          <Snackbar key={current.id} open={open} autoHideDuration={TOAST_DURATION_MS} onClose={close} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
            <Alert onClose={close} severity={current.variant} variant={current.variant === 'error' ? 'filled' : 'standard'} sx={{ width: '100%', boxShadow: 3 }}>
              <AlertTitle sx={{ mb: current.description ? 0.5 : 0 }}>{current.title}</AlertTitle>
              {current.description}
            </Alert>
          </Snackbar>
        </Portal>
      )}
    </ToastContext.Provider>
  );
}
