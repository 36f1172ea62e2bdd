import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Language } from '@climbing/domain';
import { AppProviders } from '../app/providers';
import { createI18n } from './i18n';
import { createQueryClient } from '../lib/query-client';

/**
 * Renders UI inside the real app providers with a fresh query cache and the given language;
 * Mantine without transitions and portals (its documented test setting).
 */
export const renderWithProviders = (ui: ReactNode, language: Language = 'en'): RenderResult => {
  const i18n = createI18n(language);
  const queryClient = createQueryClient();
  return render(
    <AppProviders i18n={i18n} queryClient={queryClient} mantineEnv="test">
      {ui}
    </AppProviders>,
  );
};
