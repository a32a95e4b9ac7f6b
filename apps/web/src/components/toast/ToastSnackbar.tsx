import { Alert, AlertTitle, Portal, Snackbar } from '@mui/material';
import type { ShownToast } from './toast-context';

/** Spec §9: a toast stays 5 to 6 seconds. */
export const TOAST_DURATION_MS = 5000;

export function ToastSnackbar({ toast, open, onClose }: { toast: ShownToast; open: boolean; onClose: (event?: unknown, reason?: string) => void }) {
  const destructive = toast.variant === 'destructive';
  return (
    // Beside an open dialog, not inside the app root the dialog hides from screen readers (aria-hidden) while open.
    <Portal>
      <Snackbar
        key={toast.id}
        open={open}
        autoHideDuration={TOAST_DURATION_MS}
        onClose={onClose}
        // Above the bottom tab bar, where a thumb is and where it hides neither the header nor the screen's title.
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={{ maxWidth: 420, mx: 'auto', bottom: { xs: 80, sm: 80 } }}
      >
        <Alert
          onClose={onClose}
          severity={destructive ? 'error' : 'success'}
          variant={destructive ? 'filled' : 'standard'}
          data-variant={toast.variant ?? 'default'}
          sx={{ width: '100%', boxShadow: 3 }}
        >
          <AlertTitle sx={{ mb: toast.description ? 0.5 : 0 }}>{toast.title}</AlertTitle>
          {toast.description}
        </Alert>
      </Snackbar>
    </Portal>
  );
}
