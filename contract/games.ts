import { Type, type Static } from 'typebox';
import { LANGUAGES } from './languages';
import { PROVIDERS, type Provider } from './providers';

/** The askmebet page opens on tab Slot, the betflix page on list pp.txt. */
export const DEFAULT_GAME_TAB: Partial<Record<Provider, string>> = {
  askmebet: 'Slot',
  betflix: 'pp.txt',
};

export const GameSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  category: Type.String(),
  /** The provider's picture of the game (a URL or a path on this site), without text; null when it has none. */
  image: Type.Union([Type.String(), Type.Null()]),
});
export type Game = Static<typeof GameSchema>;

/** GET /api/v2/games/{provider}?tab= */
export const GameListResponseSchema = Type.Object({
  provider: Type.Enum(PROVIDERS),
  /** The tab listed, or null for a provider with a single list or a lobby. */
  tab: Type.Union([Type.String(), Type.Null()]),
  tabs: Type.Array(Type.String()),
  /** True when the provider opens a lobby instead of single games. */
  lobby: Type.Boolean(),
  games: Type.Array(GameSchema),
});
export type GameListResponse = Static<typeof GameListResponseSchema>;

export const GameListQuerySchema = Type.Object({ tab: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })) });

/** POST /api/v2/games/{provider}/launch */
export const LaunchGameRequestSchema = Type.Object(
  { gameCode: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })), language: Type.Optional(Type.Enum(LANGUAGES)) },
  { additionalProperties: false },
);
/** What the pages send: any language text; the schema above refuses one not in LANGUAGES. */
export interface LaunchGameRequest {
  gameCode?: string;
  language?: string;
}

export const LaunchGameResponseSchema = Type.Object({ url: Type.String() });
export type LaunchGameResponse = Static<typeof LaunchGameResponseSchema>;
