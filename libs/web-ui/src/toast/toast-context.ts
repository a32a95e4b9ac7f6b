import { createContext, useContext } from 'react';

/** 'destructive' is a failure: a filled red toast (spec §8: the phone app's errors, the admin's 'Error' toasts). */
export type ToastVariant = 'default' | 'destructive';

export interface Toast {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /**
   * A button in the toast for the one thing to do next (e.g. Subscribe). A callback rather than a link: the toast
   * renders outside the app's router, so the caller, which is inside it, does the navigating.
   */
  action?: { label: string; onClick: () => void };
}

/** A toast on screen; a new id remounts the snackbar, so a replacing toast gets its own full display time. */
export interface ShownToast extends Toast {
  id: number;
}

export interface ToastApi {
  /** Shows a toast, replacing the one on screen: the spec allows one at a time. */
  toast: (toast: Toast) => void;
  /** Shows a spec message written as 'Title - Description' (e.g. 'Session expired - Please sign in…') as a toast. */
  toastMessage: (message: string, variant?: ToastVariant) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

export function splitMessage(message: string): Toast {
  const at = message.indexOf(' - ');
  return at < 0 ? { title: message } : { title: message.slice(0, at), description: message.slice(at + 3) };
}
