/** The five game providers a player holds THB credit with. */
export const PROVIDERS = ['alphabet', 'askmebet', 'betflix', 'gclub', 'gclub_live'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** The provider's card in the lobby, a picture drawn for this site (`npm run art`). */
export const providerCardPicture = (provider: Provider) => `/images/providers/${provider}.webp`;
/** A card's largest size in the lobby, in CSS pixels: the lobby's <img> and the drawing (at twice it) both use it. */
export const PROVIDER_CARD_SIZE = { width: 320, height: 180 } as const;

export function isProvider(value: unknown): value is Provider {
  return typeof value === 'string' && (PROVIDERS as readonly string[]).includes(value);
}

/** Brand names as the providers write them; not translated. */
export const PROVIDER_NAMES: Record<Provider, string> = {
  alphabet: 'Alphabet',
  askmebet: 'AskMeBet',
  betflix: 'Betflix',
  gclub: 'GClub',
  gclub_live: 'GClub Live',
};
