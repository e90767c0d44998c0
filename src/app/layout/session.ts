import { useSession } from '../../features/auth/session';

/**
 * What the shell needs to know of the session: nothing is shown for either state while it is
 * unknown or while the logged-in player's info is still loading (top bar).
 */
export interface ShellSession {
  status: 'unknown' | 'loggedIn' | 'loggedOut';
  displayName?: string;
}

export function useShellSession(): ShellSession {
  const { status, player } = useSession();
  if (status === 'loggedIn') return player ? { status, displayName: player.displayName } : { status: 'unknown' };
  return { status };
}
