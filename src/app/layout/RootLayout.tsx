import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useGetAgencyQuery } from '../../api/agency';
import { PageSpinner } from '../../ui/PageSpinner';
import { PageBody, PageTitle } from '../../ui/Page';
import { Link } from '../../ui/Link';
import { routes } from '../routes';
import { SessionProvider } from '../../features/auth/session';
import { RouteGuard } from '../../features/auth/RouteGuard';
import { BottomAppBar } from './BottomAppBar';
import { CannotEnter } from './CannotEnter';
import { Footer } from './Footer';
import { Header } from './Header';
import { ScrollToTop } from './ScrollToTop';

function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageBody>
      <PageTitle>{t('notFound')}</PageTitle>
      <Link href="/">{t('backHome')}</Link>
    </PageBody>
  );
}

/**
 * SPEC.md section 2, root layout: the agency is loaded first; a 404 means no agency serves this
 * host and the site cannot be entered. Otherwise header, page, bottom app bar and footer.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const agency = useGetAgencyQuery();
  if (agency.isLoading) return <PageSpinner label={t('loading')} />;
  if (agency.error && 'status' in agency.error && agency.error.status === 404) return <CannotEnter />;
  if (!agency.data) {
    // The server could not be reached or failed: the site may be fine a moment later.
    return (
      <PageBody role="alert">
        <PageTitle>{t('errors.INTERNAL')}</PageTitle>
        <button type="button" onClick={() => void agency.refetch()}>
          {t('retry')}
        </button>
      </PageBody>
    );
  }
  return (
    <SessionProvider>
      <Header />
      <Suspense fallback={<PageSpinner label={t('loading')} />}>
        <Switch>
          {routes.map(({ path, page: Page, provider, access }) => (
            <Route key={path} path={path}>
              <RouteGuard access={access}>
                <Page provider={provider} />
              </RouteGuard>
            </Route>
          ))}
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </Suspense>
      <ScrollToTop />
      <BottomAppBar />
      <Footer />
    </SessionProvider>
  );
}
