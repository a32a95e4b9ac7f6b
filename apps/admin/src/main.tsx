import { CssBaseline } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ToastProvider } from '@fodmap/web-ui';
import { AdminApp } from './AdminApp';
import { createAdminQueryClient } from './lib/query-client';

const queryClient = createAdminQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <CssBaseline />
      <ToastProvider>
        <AdminApp />
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
