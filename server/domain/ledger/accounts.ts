import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Currency } from '../../../contract/money';
import type { Provider } from '../../../contract/providers';
import { accountWithBalance, lockAccountRow, readOrCreateAccounts } from './repository';

/**
 * The kinds of ledger account. An account holds a balance in one currency; a positive amount in an
 * entry raises it, a negative one lowers it. Accounts that hold something real (a player's credit,
 * the agency's cash) never go below zero; the counter-accounts that stand for the outside world or
 * for results (exchange, game result, capital) may.
 */
export const ACCOUNT_KINDS = {
  /** The ledger's mirror of a player's credit at one provider (THB). */
  player_credit: { mayGoNegative: false },
  /**
   * A player's credit on its way to or from a provider, while the provider's answer is not yet known
   * (THB). One per player and provider, so players' transfers at the same provider do not queue on
   * one row.
   */
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
  | { kind: 'player_credit' | 'provider_transit'; playerId: string; provider: Provider }
  | { kind: 'game_result'; provider: Provider }
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
    case 'provider_transit':
      return { kind: account.kind, playerId: account.playerId, provider: account.provider, currency: 'THB' };
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
  return labelOf(identityOf(account));
}

function labelOf({ kind, playerId, provider, currency }: AccountIdentity): string {
  return [kind, playerId ?? '-', provider ?? '-', currency].join(':');
}

export interface ResolvedAccount extends AccountIdentity {
  id: string;
}

/**
 * The ids of an agency's accounts, in the order named, creating those used for the first time
 * (readOrCreateAccounts, one statement that never inserts an account that exists).
 */
export async function resolveAccounts(db: Kysely<DB>, agencyId: string, accounts: AccountRef[]): Promise<ResolvedAccount[]> {
  const byLabel = new Map(accounts.map((account) => [accountLabel(account), identityOf(account)]));
  // In label order, so two transactions that create the same accounts wait on them in the same order.
  const identities = [...byLabel.keys()].sort().map((label) => byLabel.get(label) as AccountIdentity);
  const found = await readOrCreateAccounts(
    db,
    agencyId,
    identities.map((identity) => ({ ...identity, mayGoNegative: ACCOUNT_KINDS[identity.kind].mayGoNegative })),
  );
  const ids = new Map(found.map((row) => [labelOf(row), row.id]));
  return accounts.map((account) => {
    const identity = identityOf(account);
    const id = ids.get(labelOf(identity));
    if (!id) throw new Error(`ledger account ${labelOf(identity)} vanished`);
    return { id, ...identity };
  });
}

/** The id of an agency's account, creating the account on first use. */
export async function resolveAccount(db: Kysely<DB>, agencyId: string, account: AccountRef): Promise<ResolvedAccount> {
  const [resolved] = await resolveAccounts(db, agencyId, [account]);
  return resolved;
}

/** The account if it exists (reading never creates one). */
export async function findAccount(
  db: Kysely<DB>,
  agencyId: string,
  account: AccountRef,
): Promise<(ResolvedAccount & { balance: bigint; version: bigint }) | undefined> {
  const identity = identityOf(account);
  const row = await accountWithBalance(db, agencyId, identity);
  return row && { id: row.id, ...identity, balance: BigInt(row.balance), version: BigInt(row.version) };
}

/** An account under its row lock, with its balance and version, for a decision later in the same transaction. */
export async function lockAccount(
  trx: Kysely<DB>,
  agencyId: string,
  account: AccountRef,
): Promise<{ id: string; balance: bigint; version: bigint }> {
  const { id } = await resolveAccount(trx, agencyId, account);
  const row = await lockAccountRow(trx, id);
  return { id, balance: BigInt(row.balance), version: BigInt(row.version) };
}

/** An account's balance in minor units; an account never used holds 0. */
export async function balanceOf(db: Kysely<DB>, agencyId: string, account: AccountRef): Promise<bigint> {
  return (await findAccount(db, agencyId, account))?.balance ?? 0n;
}
