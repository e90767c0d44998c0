import type { SessionEvent } from '../../machines/session.machine';

/** The session machine's events for one player, tested on the machine and replayed on the site. */
export const sessionEvents = (playerId: string): SessionEvent[] => [
  { type: 'player.loaded', player: { id: playerId } },
  { type: 'player.loadFailed' },
  { type: 'session.login', player: { id: playerId } },
  { type: 'session.logout' },
  { type: 'session.lost', path: '/player/withdraw/history' },
];
