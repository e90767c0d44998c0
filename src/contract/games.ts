import type { Provider } from './providers';

/** SPEC.md section 2: the askmebet page opens on tab Slot, the betflix page on list pp.txt. */
export const DEFAULT_GAME_TAB: Partial<Record<Provider, string>> = {
  askmebet: 'Slot',
  betflix: 'pp.txt',
};

export interface Game {
  code: string;
  name: string;
  category: string;
}

/** GET /api/v2/games/{provider}?tab= */
export interface GameListResponse {
  provider: Provider;
  /** The tab listed, or null for a provider with a single list or a lobby. */
  tab: string | null;
  tabs: string[];
  /** True when the provider opens a lobby instead of single games. */
  lobby: boolean;
  games: Game[];
}

/** POST /api/v2/games/{provider}/launch */
export interface LaunchGameRequest {
  gameCode?: string;
  language?: string;
}

export interface LaunchGameResponse {
  url: string;
}
