import type { Provider } from '../../../contract/providers';
import type { Game } from '../../../contract/games';

/**
 * The made-up games of the five sandbox providers. askmebet lists by category tab, betflix by list
 * file (one per studio), alphabet has one list, gclub and gclub_live open a lobby of tables.
 */
/** A game as the sandbox keeps it; its picture is served by the art route (see art.ts). */
export type SandboxGame = Omit<Game, 'image'>;

interface Catalog {
  /** Tab names in display order; the first is listed when no tab is asked for. Empty: one list. */
  tabs: string[];
  lobby: boolean;
  games: SandboxGame[];
}

const games = (prefix: string, category: string, names: string[]): SandboxGame[] =>
  names.map((name) => ({ code: `${prefix}-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, name, category }));

export const CATALOGS: Record<Provider, Catalog> = {
  askmebet: {
    tabs: ['Slot', 'Fishing', 'Table', 'Arcade'],
    lobby: false,
    games: [
      ...games('amb', 'Slot', [
        'Golden Naga Fortune',
        'Mekong Treasure',
        'Lucky Lotus',
        'Elephant Riches',
        'Temple of Gold',
        'Dragon Pearl',
        'Jade Tiger',
        'Mango Madness',
      ]),
      ...games('amb', 'Fishing', ['Ocean Hunter', 'Royal Catfish', 'Deep Sea Bounty', 'Lantern Fish Frenzy']),
      ...games('amb', 'Table', ['Baccarat Classic', 'Sic Bo Deluxe', 'Dragon Tiger Duel', 'Blackjack Twenty One']),
      ...games('amb', 'Arcade', ['Rocket Crash', 'Plinko Drop', 'Mines Sweep']),
    ],
  },
  betflix: {
    tabs: ['pp.txt', 'pg.txt', 'jili.txt', 'joker.txt'],
    lobby: false,
    games: [
      ...games('bfx-pp', 'pp.txt', ['Sugar Storm', 'Thunder Gates', 'Buffalo Stampede', 'Moonlit Maiden', 'Fruit Party Night']),
      ...games('bfx-pg', 'pg.txt', ['Koi Prosperity', 'Silk Road Spins', 'Lantern Nights', 'Tile Palace', 'Neon Bandit']),
      ...games('bfx-jili', 'jili.txt', ['Crazy Coconut', 'Boxing Buffalo', 'Money Monsoon', 'Charge Mango']),
      ...games('bfx-joker', 'joker.txt', ['Roma Rumble', 'Lucky Peacock', 'River Dragon']),
    ],
  },
  alphabet: {
    tabs: [],
    lobby: false,
    games: games('abc', 'Slot', ['Alpha Spin', 'Beta Blast', 'Gamma Gems', 'Delta Dice', 'Epsilon Eggs', 'Zeta Zap', 'Omega Orbit']),
  },
  gclub: {
    tabs: [],
    lobby: true,
    games: games('gc', 'Table', ['Baccarat A1', 'Baccarat A2', 'Roulette R1', 'Dragon Tiger D1']),
  },
  gclub_live: {
    tabs: [],
    lobby: true,
    games: games('gcl', 'Live', ['Live Baccarat 1', 'Live Baccarat 2', 'Live Sic Bo', 'Live Roulette']),
  },
};

export function findGame(provider: Provider, code: string): SandboxGame | undefined {
  return CATALOGS[provider].games.find((game) => game.code === code);
}
