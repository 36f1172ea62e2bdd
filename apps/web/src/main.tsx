import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { sessionQueryOptions } from './features/auth/hooks/use-session';
import { createI18n, persistLanguageChanges } from './lib/i18n';
import { detectBrowserLanguage } from './lib/language';
import { createQueryClient } from './lib/query-client';

const i18n = createI18n(detectBrowserLanguage());
persistLanguageChanges(i18n);

const queryClient = createQueryClient();
// Start-up (spec section 7): the user load and token renewal begin before the first render.
void queryClient.prefetchQuery(sessionQueryOptions);

const root = document.getElementById('root');
if (root === null) throw new Error('index.html must contain #root');

createRoot(root).render(
  <StrictMode>
    <App i18n={i18n} queryClient={queryClient} />
  </StrictMode>,
);
