import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../web/ui/PageSpinner';
import { useSession } from './session';

/**
 * /, /login and /register (visitor pages) send a logged-in player to /player;
 * /player and below send a visitor to /login. Nothing of the page shows until the session is known.
 * Pages open to anyone (the play-responsibly page) send nobody away.
 */
export function RouteGuard({ access, children }: { access: 'visitor' | 'player' | 'anyone'; children: ReactNode }) {
  const { t } = useTranslation();
  const { status } = useSession();
  const [, navigate] = useLocation();
  const redirect =
    status === 'loggedIn' && access === 'visitor' ? '/player' : status === 'loggedOut' && access === 'player' ? '/login' : undefined;

  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  if (access === 'anyone') return <>{children}</>;
  if (status === 'unknown' || redirect) return <PageSpinner label={t('loading')} />;
  return <>{children}</>;
}
