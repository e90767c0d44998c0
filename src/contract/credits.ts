import type { Currency } from './money';

/** GET /api/v2/players/credits/{provider}: the player's live credit at that provider. */
export interface CreditResponse {
  credit: { amount: string; currency: Currency };
}
