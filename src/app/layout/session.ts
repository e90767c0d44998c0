import { useGetPlayerInfoQuery } from '../../api/players';

/**
 * What the shell needs to know of the session: nothing is shown for either state while it is
 * unknown (SPEC.md section 2, top navigation bar).
 */
export interface ShellSession {
  status: 'unknown' | 'loggedIn' | 'loggedOut';
  displayName?: string;
}

/** The session as the player info call answers it: 200 logged in, an error logged out, pending unknown. */
export function useShellSession(): ShellSession {
  const info = useGetPlayerInfoQuery();
  if (info.data && !info.isError) return { status: 'loggedIn', displayName: info.data.player.displayName };
  if (info.isError) return { status: 'loggedOut' };
  return { status: 'unknown' };
}
