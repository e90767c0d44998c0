import { useCallback, useEffect, useMemo } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { Provider as StoreProvider, useDispatch, useSelector } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { Operator } from '../../contract/admin';
import { theme } from '../../web/ui/theme';
import { GlobalStyle } from '../../web/ui/GlobalStyle';
import { PageSpinner } from '../../web/ui/PageSpinner';
import { ToastProvider } from '../../web/ui/Toast';
import { useGetOperatorQuery, useLogoutOperatorMutation } from '../api/operators';
import { adminApi } from '../api/adminApi';
import { LoginPage } from '../features/auth/LoginPage';
import { SecondFactorEnrolment } from '../features/auth/SecondFactorEnrolment';
import { forgetOperator, signedOut, type SignOutReason } from '../features/auth/signOut';
import { useIdleSignOut } from '../features/auth/useIdleSignOut';
import { AdminLayout } from './AdminLayout';
import { pagesFor } from './consolePages';
import type { AdminState, AdminStore } from './store';

/**
 * The signed-in console: the pages this operator's role may open (any other address lands on the
 * first of them), or only the second factor's enrolment while they must have one and have none.
 */
function SignedIn({ operator }: { operator: Operator }) {
  const dispatch = useDispatch();
  const [logout] = useLogoutOperatorMutation();
  const signOut = useCallback(
    async (reason: SignOutReason | null) => {
      await logout();
      dispatch(signedOut(reason));
      dispatch(forgetOperator());
    },
    [dispatch, logout],
  );
  const signOutIdle = useCallback(() => void signOut('idle'), [signOut]);
  useIdleSignOut(signOutIdle);
  const pages = useMemo(() => pagesFor(operator.role), [operator.role]);
  const enrolled = useCallback(() => dispatch(adminApi.util.invalidateTags(['Operator'])), [dispatch]);
  if (operator.secondFactor === 'required') {
    return (
      <AdminLayout operator={operator} pages={[]} onLogout={() => void signOut(null)}>
        <SecondFactorEnrolment onEnrolled={enrolled} />
      </AdminLayout>
    );
  }
  return (
    <AdminLayout operator={operator} pages={pages} onLogout={() => void signOut(null)}>
      <Switch>
        {pages.map(({ path, Page }) => (
          <Route key={path} path={path} nest>
            <Page />
          </Route>
        ))}
        <Route>
          <Redirect to={pages[0].path} replace />
        </Route>
      </Switch>
    </AdminLayout>
  );
}

/** GET /me decides: an operator gets the console, anyone else the login page. */
function Console() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const me = useGetOperatorQuery();
  const sessionLost = useSelector((state: AdminState) => state.signOut.reason === 'sessionLost');
  // A 401 on any other call means the server ended the session: drop what this operator saw.
  useEffect(() => {
    if (sessionLost && me.data) dispatch(forgetOperator());
  }, [dispatch, me.data, sessionLost]);
  if (me.isLoading) return <PageSpinner label={t('loading')} />;
  if (me.data && !sessionLost) return <SignedIn operator={me.data} />;
  return <LoginPage />;
}

export function AdminApp({ store, i18n }: { store: AdminStore; i18n: I18n }) {
  return (
    <StoreProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <ToastProvider>
            <Router base="/admin">
              <Console />
            </Router>
          </ToastProvider>
        </ThemeProvider>
      </I18nextProvider>
    </StoreProvider>
  );
}
