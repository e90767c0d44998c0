import { render, screen, waitFor } from '@testing-library/react';
import { QueryStatus } from '@reduxjs/toolkit/query';
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

/**
 * Waits until the site has drawn and has no call on its way: the shell's parts and the page's data
 * are in, so what the app does next comes from the test's own steps.
 */
export async function siteSettled(store: ReturnType<typeof makeStore>) {
  await waitFor(() => {
    expect(screen.getByTestId('footer')).toBeInTheDocument();
    expect(screen.queryByTestId('page-spinner')).not.toBeInTheDocument();
    const { queries, mutations, subscriptions } = store.getState().api;
    const answered = [QueryStatus.fulfilled, QueryStatus.rejected];
    expect(Object.keys(subscriptions).filter((key) => !answered.includes(queries[key]?.status ?? QueryStatus.pending))).toEqual([]);
    expect(Object.values(mutations).filter((call) => call?.status === QueryStatus.pending)).toEqual([]);
  });
}
