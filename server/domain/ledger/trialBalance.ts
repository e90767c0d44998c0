import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { ErrorCode } from '../../../contract/errors';
import { vientianeDayStart } from '../../../contract/vientiane';
import { AppError } from '../errors';
import {
  agencyCashOfDay,
  closingBounds,
  closingFromBalances,
  closingFromStored,
  dayMovements,
  storeDayClosing,
} from './trialBalanceRepository';

/**
 * The trial balance of one calendar day in Laos (Asia/Vientiane, UTC+7 all year): every account
 * kind's balance at the end of the day per currency, the day's debits and credits, and the kip side
 * of the agency's bank: kip in (payments received), kip out (withdrawal payouts) and the kip in
 * agency cash at the end of the day. Entries are dated by when they were written.
 */

/** Transfer kinds that bring kip from a player's bank into agency cash. */
export const KIP_IN_KINDS = ['DEPOSIT_PAYMENT', 'UNMATCHED_PAYMENT'] as const;
/** Transfer kinds that pay kip out of agency cash into a player's or payer's bank (payouts, refunds). */
export const KIP_OUT_KINDS = ['WITHDRAWAL_PAYOUT_KIP', 'PAYMENT_REFUND'] as const;

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export interface KindBalance {
  kind: string;
  /** How many accounts of the kind (one per player, provider, ...) the balance sums. */
  accounts: number;
  /** Minor units at the end of the day; positive is a debit balance, negative a credit balance. */
  balance: bigint;
}

export interface CurrencyTrialBalance {
  currency: string;
  balances: KindBalance[];
  /** Sum of the debit (positive) balances at the end of the day. */
  debitBalances: bigint;
  /** Sum of the credit (negative) balances at the end of the day, as a positive number. */
  creditBalances: bigint;
  /** The day's entries: raising (debits) and lowering (credits) amounts, credits as a positive number. */
  dayDebits: bigint;
  dayCredits: bigint;
  /** debitBalances = creditBalances and dayDebits = dayCredits. */
  balanced: boolean;
}

export interface KipPosition {
  /** Agency cash (LAK) at the start of the day. */
  opening: bigint;
  /** Kip received into agency cash that day: deposit payments, matched or not. */
  kipIn: bigint;
  /** Kip paid out of agency cash that day by successful withdrawal payouts. */
  kipOut: bigint;
  /** Any other movement of agency cash that day (the operator's capital, ...). */
  other: bigint;
  /** Agency cash (LAK) at the end of the day: opening + kipIn - kipOut + other. */
  closing: bigint;
}

export interface TrialBalance {
  day: string;
  /** The day's bounds as instants: [from, to). */
  from: Date;
  to: Date;
  currencies: CurrencyTrialBalance[];
  kip: KipPosition;
}

const big = (value: string | number | bigint | null | undefined) => BigInt(value ?? 0);

/** One account kind's accounts and balance in one currency at the end of a day. */
export interface KindClosing extends KindBalance {
  currency: string;
}

/** The instant a day (YYYY-MM-DD) ends in Laos. */
const endOf = (day: string) => vientianeDayStart(day, 1);
const daysBetween = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;

/**
 * Every account kind's accounts and balance per currency at the end of `day`, ordered by currency
 * and kind. They are the nearest stored closing (ledger_day_closings) and what moved between its
 * day's end and this one: the entries of that span and the accounts opened in it, added going
 * forward and taken away going back, so a day costs what happened since the closing beside it.
 * With no stored closing, each account's balance now less what moved it since the day's end.
 *
 * A day's closing is stored once it can no longer change: the day has ended and no transaction
 * begun before its end is still open. An entry or account is dated by its transaction's now(),
 * its start, and a transaction may stay open for any time (nothing here times one out), so no
 * fixed margin after midnight would be safe; PostgreSQL's list of open transactions is exact for
 * the product's own sessions, which write the ledger (PostgreSQL's own workers, autovacuum among
 * them, write no entries and are not waited for). The check is one statement before the one
 * that reads the ledger, so that one's snapshot (read committed) holds every such transaction.
 * The ledger is append-only and accounts keep their creation time, so a stored closing stays
 * true; two operators storing the same day at once store it once.
 */
export async function dayClosing(db: Kysely<DB> | Transaction<DB>, agencyId: string, day: string): Promise<KindClosing[]> {
  const to = endOf(day);
  const { before, after, closed } = await closingBounds(db, agencyId, day, to);
  const nearest = before !== null && (after === null || daysBetween(before, day) <= daysBetween(after, day)) ? before : after;
  const rows =
    nearest === null
      ? await closingFromBalances(db, agencyId, to)
      : await closingFromStored(
          db,
          agencyId,
          nearest,
          nearest <= day ? { from: endOf(nearest), until: to, sign: 1 } : { from: to, until: endOf(nearest), sign: -1 },
        );
  const closing = rows.map((row) => ({
    kind: row.kind,
    currency: row.currency,
    accounts: Number(row.accounts),
    balance: big(row.balance),
  }));
  if (closed && nearest !== day && closing.length > 0) await storeDayClosing(db, agencyId, day, closing);
  return closing;
}

export async function trialBalance(db: Kysely<DB> | Transaction<DB>, agencyId: string, day: string): Promise<TrialBalance> {
  if (!isCalendarDay(day)) throw new AppError(400, ErrorCode.VALIDATION_ERROR, `"${day}" is not a calendar day written YYYY-MM-DD`);
  const from = vientianeDayStart(day);
  const to = endOf(day);

  const balances = await dayClosing(db, agencyId, day);
  const movements = await dayMovements(db, agencyId, from, to);

  const currencies = [...new Set(['LAK', 'THB', ...balances.map((row) => row.currency)])].sort().map((currency) => {
    const kinds = balances.filter((row) => row.currency === currency).map(({ kind, accounts, balance }) => ({ kind, accounts, balance }));
    const debitBalances = kinds.reduce((sum, { balance }) => (balance > 0n ? sum + balance : sum), 0n);
    const creditBalances = kinds.reduce((sum, { balance }) => (balance < 0n ? sum - balance : sum), 0n);
    const moved = movements.find((row) => row.currency === currency);
    const dayDebits = big(moved?.debits);
    const dayCredits = big(moved?.credits);
    return {
      currency,
      balances: kinds,
      debitBalances,
      creditBalances,
      dayDebits,
      dayCredits,
      balanced: debitBalances === creditBalances && dayDebits === dayCredits,
    };
  });

  const row = await agencyCashOfDay(db, agencyId, from, to, { kipIn: KIP_IN_KINDS, kipOut: KIP_OUT_KINDS });
  const opening = big(row?.opening);
  const kipIn = big(row?.kip_in);
  const kipOut = big(row?.kip_out);
  const dayTotal = big(row?.day_total);
  return {
    day,
    from,
    to,
    currencies,
    kip: { opening, kipIn, kipOut, other: dayTotal - kipIn + kipOut, closing: opening + dayTotal },
  };
}
