import type { QueryClient } from '@tanstack/react-query';
import type { I18n } from '../lib/translation';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

export function App({ i18n, queryClient }: { i18n: I18n; queryClient: QueryClient }) {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
