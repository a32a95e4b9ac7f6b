import { createContext, useContext } from 'react';

export interface AdminToast {
  title: string;
  description?: string;
  variant: 'success' | 'error';
}

export interface ToastApi {
  /** A §8 success message ('Advertiser created successfully'), replacing the toast on screen: one at a time. */
  success: (message: string) => void;
  /** Spec §8 admin failures: an 'Error' toast carrying the server's own message. */
  failure: (error: unknown) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
