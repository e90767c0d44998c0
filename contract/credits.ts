import { Type, type Static } from 'typebox';
import { CURRENCIES } from './money';

/** GET /api/v2/players/credits/{provider}: the player's live credit at that provider. */
export const CreditResponseSchema = Type.Object({ credit: Type.Object({ amount: Type.String(), currency: Type.Enum(CURRENCIES) }) });
export type CreditResponse = Static<typeof CreditResponseSchema>;

/** A provider in a path; any text up to 50 characters, so an unknown one is the domain's UNKNOWN_PROVIDER 404. */
export const ProviderParamsSchema = Type.Object({ provider: Type.String({ maxLength: 50 }) });
