import { ErrorCode } from '../../../contract/errors';
import { DEFAULT_GAME_TAB, type GameListResponse } from '../../../contract/games';
import type { Provider } from '../../../contract/providers';
import { AppError } from '../errors';
import type { PlayerAtProvider } from './repository';
import { ensureMember, readCredit, withProvider, type WalletDeps } from './service';

/** A provider's games, on the page's tab (askmebet Slot and betflix pp.txt when none is asked for). */
export async function listGames(deps: WalletDeps, provider: Provider, tab: string | undefined): Promise<GameListResponse> {
  const list = await withProvider(() => deps.providers.games(provider, tab ?? DEFAULT_GAME_TAB[provider]));
  return { provider, ...list };
}

/**
 * The URL that opens a game (or the provider's lobby) for the player. A player with no credit at
 * that provider gets NO_CREDIT: the page asks them to deposit.
 */
export async function launchGame(
  deps: WalletDeps,
  who: PlayerAtProvider,
  request: { gameCode?: string; language?: string },
): Promise<string> {
  const credit = await withProvider(() => readCredit(deps, who));
  if (credit <= 0n) throw new AppError(409, ErrorCode.NO_CREDIT, 'No credit at this provider: deposit first');
  const member = await withProvider(() => ensureMember(deps, who));
  return withProvider(() => deps.providers.launch(who.provider, { member, gameCode: request.gameCode, language: request.language }));
}
