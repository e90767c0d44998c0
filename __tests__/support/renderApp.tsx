import { render } from '@testing-library/react';
import { App } from '../../src/app/App';
import { makeStore } from '../../src/app/store';
import { initI18n } from '../../src/i18n';
import type { Language } from '../../contract/languages';

/** The whole SPA at a path, in a language (Lao unless told), with a fresh store; HTTP goes to nock at window.location's origin. */
export function renderApp(path = '/', language: Language = 'lo') {
  window.history.replaceState(null, '', path);
  const store = makeStore();
  const i18n = initI18n('lo');
  void i18n.changeLanguage(language);
  return { store, ...render(<App store={store} i18n={i18n} />) };
}

export const API = 'http://localhost';
