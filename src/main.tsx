import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { makeStore } from './app/store';
import { initI18n, translationsLoaded } from './i18n';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const i18n = initI18n();
// A failed load still renders: i18next falls back to the bundled Lao.
void translationsLoaded()
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App store={makeStore()} i18n={i18n} />
      </StrictMode>,
    ),
  );
