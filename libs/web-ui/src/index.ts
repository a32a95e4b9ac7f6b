export * from './toast/toast-context';
export * from './toast/ToastProvider';
