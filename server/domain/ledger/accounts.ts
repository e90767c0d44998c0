import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Currency } from '../../../src/contract/money';
import type { Provider } from '../../../src/contract/providers';

/**
 * The kinds of ledger account. An account holds a balance in one currency; a positive amount in an
 * entry raises it, a negative one lowers it. Accounts that hold something real (a player's credit,
 * the agency's cash) never go below zero; the counter-accounts that stand for the outside world or
 * for results (exchange, game result, capital) may.
 */
export const ACCOUNT_KINDS = {
  /** The ledger's mirror of a player's credit at one provider (THB). */
  player_credit: { mayGoNegative: false },
  /** Credit on its way to or from a provider, while the provider's answer is not yet known (THB). */
  provider_transit: { mayGoNegative: false },
  /** The house's side of play at a provider: players' wins lower it, losses raise it (THB). */
  game_result: { mayGoNegative: true },
  /** Money the agency owes a player and has not yet put anywhere, e.g. paid but not yet credited. */
  owed_to_player: { mayGoNegative: false },
  /** The agency's money in its bank account. */
  agency_cash: { mayGoNegative: false },
  /** Money set aside for promotion bonuses. */
  bonus_pool: { mayGoNegative: false },
  /** Credit taken out for a withdrawal, waiting for its bank payout. */
  payout_clearing: { mayGoNegative: false },
  /**
   * Kip paid out of agency cash into players' bank accounts by successful withdrawal payouts (LAK):
   * the counter of agency cash for money that has left the agency. Only payouts raise it.
   */
  payouts_paid: { mayGoNegative: false },
  /** Currency conversion: LAK comes in on one side, THB goes out on the other. */
  exchange: { mayGoNegative: true },
  /**
   * Payments received that belong to no deposit (wrong amount, after cancel or expiry, unknown
   * bill): the counter of that cash, negative while the operator has not resolved them (LAK).
   */
  unallocated_payments: { mayGoNegative: true },
  /** The operator's own funds, which start the agency's cash and bonus pool. */
  capital: { mayGoNegative: true },
} as const;

export type AccountKind = keyof typeof ACCOUNT_KINDS;

/** Names one account of an agency; the account is created the first time it is named. */
export type AccountRef =
  | { kind: 'player_credit'; playerId: string; provider: Provider }
  | { kind: 'provider_transit' | 'game_result'; provider: Provider }
  | { kind: 'owed_to_player'; playerId: string; currency: Currency }
  | {
      kind: 'agency_cash' | 'bonus_pool' | 'payout_clearing' | 'payouts_paid' | 'exchange' | 'capital' | 'unallocated_payments';
      currency: Currency;
    };

export interface AccountIdentity {
  kind: AccountKind;
  playerId: string | null;
  provider: Provider | null;
  currency: Currency;
}

export function identityOf(account: AccountRef): AccountIdentity {
  switch (account.kind) {
    case 'player_credit':
      return { kind: account.kind, playerId: account.playerId, provider: account.provider, currency: 'THB' };
    case 'provider_transit':
    case 'game_result':
      return { kind: account.kind, playerId: null, provider: account.provider, currency: 'THB' };
    case 'owed_to_player':
      return { kind: account.kind, playerId: account.playerId, provider: null, currency: account.currency };
    default:
      return { kind: account.kind, playerId: null, provider: null, currency: account.currency };
  }
}

/** A stable text form of an account, for hashing requests and for messages. */
export function accountLabel(account: AccountRef): string {
  const { kind, playerId, provider, currency } = identityOf(account);
  return [kind, playerId ?? '-', provider ?? '-', currency].join(':');
}

export interface ResolvedAccount extends AccountIdentity {
  id: string;
}

/** The id of an agency's account, creating the account on first use. */
export async function resolveAccount(trx: Transaction<DB> | Kysely<DB>, agencyId: string, account: AccountRef): Promise<ResolvedAccount> {
  const identity = identityOf(account);
  const values = {
    agency_id: agencyId,
    kind: identity.kind,
    player_id: identity.playerId,
    provider: identity.provider,
    currency: identity.currency,
    may_go_negative: ACCOUNT_KINDS[identity.kind].mayGoNegative,
  };
  const created = await trx
    .insertInto('ledger_accounts')
    .values(values)
    .onConflict((oc) => oc.constraint('ledger_accounts_identity_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (created) return { id: created.id, ...identity };
  const existing = await findAccount(trx, agencyId, account);
  if (!existing) throw new Error(`ledger account ${accountLabel(account)} vanished`);
  return existing;
}

/** The account if it exists (reading never creates one). */
export async function findAccount(
  db: Transaction<DB> | Kysely<DB>,
  agencyId: string,
  account: AccountRef,
): Promise<(ResolvedAccount & { balance: bigint; version: bigint }) | undefined> {
  const identity = identityOf(account);
  const row = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance', 'version'])
    .where('agency_id', '=', agencyId)
    .where('kind', '=', identity.kind)
    .where((eb) => (identity.playerId === null ? eb('player_id', 'is', null) : eb('player_id', '=', identity.playerId)))
    .where((eb) => (identity.provider === null ? eb('provider', 'is', null) : eb('provider', '=', identity.provider)))
    .where('currency', '=', identity.currency)
    .executeTakeFirst();
  return row && { id: row.id, ...identity, balance: BigInt(row.balance), version: BigInt(row.version) };
}

/** An account's balance in minor units; an account never used holds 0. */
export async function balanceOf(db: Transaction<DB> | Kysely<DB>, agencyId: string, account: AccountRef): Promise<bigint> {
  return (await findAccount(db, agencyId, account))?.balance ?? 0n;
}
