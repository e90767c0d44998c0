import { Provider as StoreProvider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import type { i18n as I18n } from 'i18next';
import { theme } from '../../web/ui/theme';
import { setLinkPreloader } from '../ui/Link';
import { ToastProvider } from '../../web/ui/Toast';
import type { AppStore } from './store';
import { preloadRoute } from './routes';
import { RootLayout } from './layout/RootLayout';

setLinkPreloader(preloadRoute);

/** Where the server renders the page; the browser reads its own location. */
export interface ServerLocation {
  path: string;
  search: string;
}

export function App({ store, i18n, serverLocation }: { store: AppStore; i18n: I18n; serverLocation?: ServerLocation }) {
  return (
    <StoreProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <Router ssrPath={serverLocation?.path} ssrSearch={serverLocation?.search}>
          <ThemeProvider theme={theme}>
            <ToastProvider>
              <RootLayout />
            </ToastProvider>
          </ThemeProvider>
        </Router>
      </I18nextProvider>
    </StoreProvider>
  );
}
