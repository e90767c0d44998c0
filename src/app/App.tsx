import { Provider as StoreProvider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { theme } from '../ui/theme';
import { GlobalStyle } from '../ui/GlobalStyle';
import { setLinkPreloader } from '../ui/Link';
import { ToastProvider } from '../ui/Toast';
import type { AppStore } from './store';
import { preloadRoute } from './routes';
import { RootLayout } from './layout/RootLayout';

setLinkPreloader(preloadRoute);

export function App({ store, i18n }: { store: AppStore; i18n: I18n }) {
  return (
    <StoreProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <ToastProvider>
            <RootLayout />
          </ToastProvider>
        </ThemeProvider>
      </I18nextProvider>
    </StoreProvider>
  );
}
