import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ToastProvider } from '@fodmap/web-ui';
import { AppRoutes } from './AppRoutes';
import { PHONE_MAX_WIDTH, PhoneFrame } from './components/PhoneFrame';
import { BELOW_SCREEN_HEADER } from './components/ScreenHeader';
import { BrandingProvider } from './features/branding/BrandingProvider';
import { createQueryClient } from './lib/query-client';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrandingProvider>
        <ToastProvider maxWidth={PHONE_MAX_WIDTH} belowHeader={BELOW_SCREEN_HEADER}>
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
