import { Alert, AlertTitle, Box, Button, Portal, Snackbar } from '@mui/material';
import type { ShownToast } from './toast-context';

/** Spec §9: a toast stays 5 to 6 seconds. */
export const TOAST_DURATION_MS = 5000;

export function ToastSnackbar({
  toast,
  open,
  onClose,
  maxWidth,
  belowHeader = '0px',
}: {
  toast: ShownToast;
  open: boolean;
  onClose: (event?: unknown, reason?: string) => void;
  maxWidth?: number;
  belowHeader?: string;
}) {
  const destructive = toast.variant === 'destructive';
  const top = `calc(${belowHeader} + 8px + env(safe-area-inset-top))`;
  return (
    // Beside an open dialog, not inside the app root the dialog hides from screen readers (aria-hidden) while open:
    // both SPAs confirm or refuse a dialog's save with a toast while the dialog is still open.
    <Portal>
      <Snackbar
        key={toast.id}
        open={open}
        autoHideDuration={TOAST_DURATION_MS}
        onClose={onClose}
        // Near the top, under the header (which keeps the screen's name and actions in sight): a dialog's controls (a
        // food's amount, the score, Save) sit at the bottom, within thumb reach.
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        sx={{ maxWidth, mx: 'auto', top: { xs: top, sm: top } }}
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
          {toast.action && (
            <Box sx={{ mt: 1 }}>
              <Button
                size="small"
                color="inherit"
                variant="outlined"
                onClick={() => {
                  toast.action?.onClick();
                  onClose();
                }}
              >
                {toast.action.label}
              </Button>
            </Box>
          )}
        </Alert>
      </Snackbar>
    </Portal>
  );
}
