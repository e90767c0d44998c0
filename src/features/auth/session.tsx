import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation } from 'wouter';
import type { sessionMachine, SessionStatus } from '../../../machines/session.machine';
import { apiListeners, baseApi, sessionLost } from '../../api/baseApi';
import { PLAYER_TAGS, useGetPlayerInfoQuery, useLogoutMutation, useReportFingerprintMutation } from '../../api/players';
import { useGetAgencyQuery } from '../../api/agency';
import type { PlayerInfoResponse, PlayerSummary } from '../../../contract/players';
import { reloadPage } from '../../ui/reloadPage';
import { needsFingerprintReport, rememberFingerprintReport } from './fingerprintReports';
import { inspect } from '../../devtools/inspect';
import { useLazyMachine, type MachineView } from '../../ui/useLazyMachine';

export interface Session {
  status: SessionStatus;
  /** Stored at login from player.id, cleared at logout. */
  playerId: string | null;
  /** The loaded player info's player, while logged in. */
  player?: PlayerSummary;
  /** An operator reset the password: the site asks for a new one before anything else. */
  mustChangePassword: boolean;
  /** Tells the session that a login or registration succeeded with this player; it moves to the player's page. */
  login(player: PlayerSummary): void;
  /** Ends the session on the server, forgets the cached player info and reloads the page. */
  logout(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

const isPlayerArea = (path: string) => /^\/player(\/|$)/.test(path);

/**
 * Runs the session machine for the whole site. The player info query feeds it (loaded or failed,
 * on first load and on every refetch), login and logout pages send session.login and session.logout through it,
 * any other call's 401 sends session.lost, and while logged in the device fingerprint is reported when due.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const dispatch = useDispatch();
  const info = useGetPlayerInfoQuery();
  const [logoutOnServer] = useLogoutMutation();
  const [, navigate] = useLocation();

  const [state, send] = useLazyMachine(
    () =>
      import(/* webpackChunkName: "shell-machines" */ '../../../machines/session.machine').then(({ sessionMachine }) =>
        sessionMachine.provide({
          actions: {
            // What was the player's is fetched again (and refused) rather than shown from the cache.
            forgetPlayer: () => {
              dispatch(baseApi.util.invalidateTags([...PLAYER_TAGS]));
            },
            // A visitor has no business in the player area: the fresh page is the login page.
            reloadPage: () => reloadPage(isPlayerArea(window.location.pathname) ? '/login' : undefined),
            goTo: (_, { path }) => navigate(path, { replace: true }),
          },
        }),
      ),
    // A page the server rendered came with the player info's answer: the session starts where the
    // server's did, so the first render matches its HTML.
    knownSession(info),
    { inspect },
  );

  useEffect(
    () =>
      apiListeners.startListening({
        actionCreator: sessionLost,
        effect: () => send({ type: 'session.lost', path: window.location.pathname + window.location.search }),
      }),
    [send],
  );

  useEffect(() => {
    if (info.isFetching) return;
    if (saysLoggedOut(info.isError, info.currentData)) send({ type: 'player.loadFailed' });
    else if (info.currentData) send({ type: 'player.loaded', player: info.currentData.player });
  }, [info.isFetching, info.isError, info.currentData, send]);

  const status: SessionStatus = state.value;
  useFingerprintReports(status === 'loggedIn');

  const login = useCallback((player: PlayerSummary) => send({ type: 'session.login', player }), [send]);
  const logout = useCallback(async () => {
    await logoutOnServer().unwrap();
    send({ type: 'session.logout' });
  }, [logoutOnServer, send]);

  const player = status === 'loggedIn' ? info.currentData?.player : undefined;
  const mustChangePassword = status === 'loggedIn' && info.currentData?.credential.mustChangePassword === true;
  const value = useMemo<Session>(
    () => ({ status, playerId: state.context.playerId, player, mustChangePassword, login, logout }),
    [status, state.context.playerId, player, mustChangePassword, login, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The player info says nobody is logged in: its answer is null (a 401), or it could not be read. */
const saysLoggedOut = (isError: boolean, currentData: PlayerInfoResponse | null | undefined) => isError || currentData === null;

/** The session as the player info's answer at hand tells it, if one is (a server-rendered page's). */
function knownSession(info: { currentData?: PlayerInfoResponse | null; isError: boolean }): MachineView<typeof sessionMachine> {
  if (info.currentData) return { value: 'loggedIn', context: { playerId: info.currentData.player.id, returnTo: null }, tags: new Set() };
  const value = saysLoggedOut(info.isError, info.currentData) ? 'loggedOut' : 'unknown';
  return { value, context: { playerId: null, returnTo: null }, tags: new Set() };
}

/** Reports this device for the agency when the stored report is of another device or another day. */
function useFingerprintReports(loggedIn: boolean) {
  const agencyId = useGetAgencyQuery().data?.agency.id;
  const [report] = useReportFingerprintMutation();
  useEffect(() => {
    if (!loggedIn || !agencyId) return;
    let cancelled = false;
    // fingerprintjs is a chunk of its own: a visitor who never logs in never downloads it.
    import(/* webpackChunkName: "fingerprint" */ './deviceFingerprint')
      .then(({ collectDeviceFingerprint }) => collectDeviceFingerprint())
      .then(async (device) => {
        if (cancelled || !needsFingerprintReport(agencyId, device.fingerprint)) return;
        await report(device).unwrap();
        rememberFingerprintReport(agencyId, device.fingerprint);
      })
      // Not remembered, so the next page load tries again; the player is not bothered.
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [loggedIn, agencyId, report]);
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider above it');
  return session;
}
