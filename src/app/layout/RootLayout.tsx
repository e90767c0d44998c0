import { Suspense, useCallback, useState } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { drawerMachine } from '../../../machines/drawer.machine';
import { useGetAgencyQuery } from '../../api/agency';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { useLazyMachine } from '../../ui/useLazyMachine';
import { PageSpinner } from '../../../web/ui/PageSpinner';
import { PageBody, PageTitle } from '../../ui/Page';
import { routes } from '../routes';
import { Banner } from './Banner';
import { BottomAppBar } from './BottomAppBar';
import { CannotEnter } from './CannotEnter';
import { Header } from './Header';
import { NotFoundPage } from './NotFoundPage';
import { RoutedPage } from './RoutedPage';
import { SandboxRibbon } from './SandboxRibbon';
import { ScrollToTop } from './ScrollToTop';
import { useShellSession } from './session';
import { useScrollRestoration } from './useScrollRestoration';
import { SessionProvider, useSession } from '../../features/auth/session';
import { RouteGuard } from '../../features/auth/RouteGuard';
import { VisitorLinks } from '../../features/auth/VisitorLinks';
import { inspect } from '../../devtools/inspect';
import { lazyPart } from '../lazyPage';
import { WithTexts } from '../../i18n/WithTexts';

// Its form library and rules load the first time a player opens it, not with every page.
const ChangePasswordDialog = lazyPart(
  () => import(/* webpackChunkName: "change-password" */ '../../features/password/ChangePasswordDialog'),
  'ChangePasswordDialog',
);

// None of these is seen on the first screen (the closed drawer, the footer below the fold) or by a
// visitor at all (the player's menu, break notices and reality check), so they are chunks of their
// own. The server renders them in place and the browser keeps that HTML until their chunk is in,
// then hydrates them.
const Drawer = lazyPart(() => import(/* webpackChunkName: "drawer" */ './Drawer'), 'Drawer');
const Footer = lazyPart(() => import(/* webpackChunkName: "footer" */ './Footer'), 'Footer');
const AccountMenu = lazyPart(() => import(/* webpackChunkName: "player-shell" */ '../../features/auth/AccountMenu'), 'AccountMenu');
// Inside the pages' Suspense, which shows the page spinner while a player page and these load.
const BreakGate = lazyPart(() => import(/* webpackChunkName: "player-shell" */ '../../features/breaks/BreakGate'), 'BreakGate');
const BreakNotice = lazyPart(() => import(/* webpackChunkName: "player-shell" */ '../../features/breaks/BreakNotice'), 'BreakNotice');
const RealityCheck = lazyPart(
  () => import(/* webpackChunkName: "player-shell" */ '../../features/responsiblePlay/RealityCheck'),
  'RealityCheck',
);

/** The routed page, guarded, in the pages' Suspense: its spinner shows while a page's chunk loads. */
function Pages({ location }: { location: string }) {
  const { t } = useTranslation();
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<PageSpinner label={t('loading')} />}>
        <RoutedPage>
          <Switch>
            {routes.map(({ path, page: Page, provider, access, startsPlay, namespaces }) => (
              <Route key={path} path={path}>
                <RouteGuard access={access}>
                  <WithTexts namespaces={namespaces}>
                    {startsPlay ? (
                      <BreakGate>
                        <Page provider={provider} />
                      </BreakGate>
                    ) : (
                      <>
                        {access === 'player' && <BreakNotice />}
                        <Page provider={provider} />
                      </>
                    )}
                  </WithTexts>
                </RouteGuard>
              </Route>
            ))}
            <Route>
              <NotFoundPage />
            </Route>
          </Switch>
        </RoutedPage>
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * Header, drawer, page, bottom app bar and footer around the routed page, once the agency is
 * known; the accounts feature fills the top bar's account areas and guards every route.
 */
function Shell() {
  const session = useShellSession();
  const [location] = useLocation();
  useScrollRestoration(location);
  const [drawer, send] = useLazyMachine<typeof drawerMachine>(
    () => import(/* webpackChunkName: "shell-machines" */ '../../../machines/drawer.machine').then((module) => module.drawerMachine),
    { value: 'closed', context: {}, tags: new Set() },
    { inspect },
  );
  const open = useCallback(() => send({ type: 'drawer.open' }), [send]);
  const close = useCallback(() => send({ type: 'drawer.close' }), [send]);
  const chooseEntry = useCallback(() => send({ type: 'drawer.chooseEntry' }), [send]);
  const drawerOpen = drawer.value === 'open';
  const [changingPassword, setChangingPassword] = useState(false);
  // Once opened the dialog stays mounted, as if it had always been there.
  const [passwordDialogWanted, setPasswordDialogWanted] = useState(false);
  const openChangePassword = useCallback(() => {
    setPasswordDialogWanted(true);
    setChangingPassword(true);
  }, []);
  const closeChangePassword = useCallback(() => setChangingPassword(false), []);
  const playerSession = useSession();
  const { mustChangePassword } = playerSession;
  const logOut = useCallback(() => playerSession.logout(), [playerSession]);
  return (
    <>
      <SandboxRibbon />
      <Header
        session={session}
        drawerOpen={drawerOpen}
        onOpenDrawer={open}
        visitorArea={<VisitorLinks />}
        playerArea={
          <Suspense fallback={null}>
            <AccountMenu onChangePassword={openChangePassword} />
          </Suspense>
        }
      />
      {mustChangePassword ? (
        <Suspense fallback={null}>
          <WithTexts namespaces={['password']}>
            <ChangePasswordDialog open />
          </WithTexts>
        </Suspense>
      ) : (
        passwordDialogWanted && (
          <Suspense fallback={null}>
            <WithTexts namespaces={['password']}>
              <ChangePasswordDialog open={changingPassword} onClose={closeChangePassword} />
            </WithTexts>
          </Suspense>
        )
      )}
      {session.status === 'loggedOut' && <Banner />}
      {session.status === 'loggedIn' && !mustChangePassword && (
        <Suspense fallback={null}>
          <WithTexts namespaces={['responsiblePlay']}>
            <RealityCheck onLogOut={logOut} />
          </WithTexts>
        </Suspense>
      )}
      <Suspense fallback={null}>
        <Drawer open={drawerOpen} session={session} currentPath={location} onClose={close} onChooseEntry={chooseEntry} />
      </Suspense>
      <Pages location={location} />
      <ScrollToTop />
      <BottomAppBar />
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </>
  );
}

/**
 * The root layout: the agency is loaded first; a 404 means no agency serves this
 * host and the site cannot be entered. Otherwise the shell around the page.
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
      <Shell />
    </SessionProvider>
  );
}
