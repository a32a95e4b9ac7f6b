import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { PhoneFrame } from './components/PhoneFrame';
import { ToastProvider } from './components/toast/ToastProvider';
import { BrandingProvider } from './features/branding/BrandingProvider';
import { createQueryClient } from './lib/query-client';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrandingProvider>
        <ToastProvider>
          <BrowserRouter>
            <PhoneFrame>
              <AppRoutes />
            </PhoneFrame>
          </BrowserRouter>
        </ToastProvider>
      </BrandingProvider>
    </QueryClientProvider>
  );
}
