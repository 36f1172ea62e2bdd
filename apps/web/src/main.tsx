import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { sessionQueryOptions } from './features/auth/hooks/use-session';
import { loadI18n, persistLanguageChanges } from './lib/i18n';
import { detectBrowserLanguage } from './lib/language';
import { createQueryClient } from './lib/query-client';
import { preloadPage } from './app/router';

const queryClient = createQueryClient();
// Start-up (spec section 7): the user load and token renewal begin before the first render.
void queryClient.prefetchQuery(sessionQueryOptions);

const root = document.getElementById('root');
if (root === null) throw new Error('index.html must contain #root');

// The page's own code (and a live page's stream) loads beside the texts instead of after the first render.
preloadPage(window.location.pathname, window.location.search);

// Only the shown language's texts are downloaded (lib/i18n.ts); the first render waits for them.
void loadI18n(detectBrowserLanguage()).then((i18n) => {
  persistLanguageChanges(i18n);
  createRoot(root).render(
    <StrictMode>
      <App i18n={i18n} queryClient={queryClient} />
    </StrictMode>,
  );
});
