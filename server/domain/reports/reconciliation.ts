import type { Database } from '../../db/database';
import type { Reconciliation, ReconciliationLine, ReconciliationLineName } from '../../../contract/adminReports';
import { formatAmount } from '../../../contract/money';
import { trialBalance } from '../ledger';
import {
  bonusesGranted,
  bonusesRetained,
  depositsCredited,
  depositsKip,
  providerTransfersStarted,
  transfersOf,
  withdrawalsKip,
  withdrawalsRequested,
  type Bounds,
  type Item,
} from './reconciliationRepository';

/**
 * The daily reconciliation of one Vientiane day: each line compares, deposit by deposit or
 * withdrawal by withdrawal, what the business rows say should have moved with what the ledger
 * moved. The day's bounds and the trial balance come from the ledger's trialBalance.
 */

type Unit = ReconciliationLine['unit'];
const amountOf = (value: bigint, unit: Unit) => (unit === 'COUNT' ? value.toString() : formatAmount(value, unit));

interface WithdrawalItem extends Item {
  requested: bigint;
  paid: bigint;
  returned: bigint;
  open: bigint;
}

/**
 * Each withdrawal requested that day: its credit is paid (SUCCESS), returned to the player
 * (REJECTED or FAILED) or still waiting in payout clearing (OPEN), and nothing else.
 */
async function withdrawalsSettled(db: Database, agencyId: string, day: Bounds): Promise<WithdrawalItem[]> {
  return (await withdrawalsRequested(db, agencyId, day)).map((row) => {
    const { requested, paid, returned, waiting } = row;
    const open = row.status === 'OPEN' ? waiting : 0n;
    const consistent =
      row.status === 'SUCCESS'
        ? returned === 0n && waiting === 0n
        : row.status === 'OPEN'
          ? paid === 0n && returned === 0n
          : paid === 0n && waiting === 0n;
    return { ref: row.ref, expected: requested, actual: paid + returned + open, consistent, requested, paid, returned, open };
  });
}

/** Provider transfers started that day by status; one still PENDING is not settled. */
async function providerTransfers(db: Database, agencyId: string, day: Bounds) {
  const rows = await providerTransfersStarted(db, agencyId, day);
  const parts: Record<string, string> = { POSTED: '0', PENDING: '0', VOIDED: '0' };
  for (const row of rows) parts[row.status] = String(Number(parts[row.status]) + 1);
  return { total: rows.length, pending: rows.filter((row) => row.status === 'PENDING').map((row) => row.id), parts };
}

async function lineOf(
  db: Database,
  agencyId: string,
  line: ReconciliationLineName,
  unit: Unit,
  items: Item[],
  parts: Record<string, string> = {},
): Promise<ReconciliationLine> {
  const wrong = items.filter((item) => item.expected !== item.actual || !item.consistent).map((item) => item.ref);
  const expected = items.reduce((sum, item) => sum + item.expected, 0n);
  const actual = items.reduce((sum, item) => sum + item.actual, 0n);
  return {
    line,
    unit,
    expected: amountOf(expected, unit),
    actual: amountOf(actual, unit),
    parts,
    reconciled: wrong.length === 0,
    unreconciledRefs: wrong,
    transfers: await transfersOf(db, agencyId, { refs: wrong }),
  };
}

export async function reconciliationOf(db: Database, agencyId: string, day: string): Promise<Reconciliation> {
  const balance = await trialBalance(db, agencyId, day);
  const bounds = { from: balance.from, to: balance.to };
  const withdrawals = await withdrawalsSettled(db, agencyId, bounds);
  const sumOf = (field: 'requested' | 'paid' | 'returned' | 'open') =>
    formatAmount(
      withdrawals.reduce((sum, item) => sum + item[field], 0n),
      'THB',
    );
  const providers = await providerTransfers(db, agencyId, bounds);
  const lines: ReconciliationLine[] = [
    await lineOf(db, agencyId, 'DEPOSITS_CREDITED', 'THB', await depositsCredited(db, agencyId, bounds)),
    await lineOf(db, agencyId, 'DEPOSITS_KIP_RECEIVED', 'LAK', await depositsKip(db, agencyId, bounds)),
    await lineOf(db, agencyId, 'WITHDRAWALS_SETTLED', 'THB', withdrawals, {
      requested: sumOf('requested'),
      paid: sumOf('paid'),
      returned: sumOf('returned'),
      open: sumOf('open'),
    }),
    await lineOf(db, agencyId, 'WITHDRAWALS_KIP_PAID', 'LAK', await withdrawalsKip(db, agencyId, bounds)),
    await lineOf(db, agencyId, 'BONUSES_GRANTED', 'THB', await bonusesGranted(db, agencyId, bounds)),
    await lineOf(db, agencyId, 'BONUSES_RETAINED', 'THB', await bonusesRetained(db, agencyId, bounds)),
    {
      line: 'PROVIDER_TRANSFERS_SETTLED',
      unit: 'COUNT',
      expected: String(providers.total),
      actual: String(providers.total - providers.pending.length),
      parts: providers.parts,
      reconciled: providers.pending.length === 0,
      unreconciledRefs: [],
      transfers: await transfersOf(db, agencyId, { ids: providers.pending }),
    },
  ];
  const currencies = balance.currencies.map((currency) => {
    const unit = currency.currency as 'LAK' | 'THB' | 'USD';
    const sum = currency.balances.reduce((total, { balance: amount }) => total + amount, 0n);
    return {
      currency: currency.currency,
      balances: currency.balances.map((kind) => ({ kind: kind.kind, accounts: kind.accounts, balance: formatAmount(kind.balance, unit) })),
      debitBalances: formatAmount(currency.debitBalances, unit),
      creditBalances: formatAmount(currency.creditBalances, unit),
      dayDebits: formatAmount(currency.dayDebits, unit),
      dayCredits: formatAmount(currency.dayCredits, unit),
      sum: formatAmount(sum, unit),
      balanced: currency.balanced && sum === 0n,
    };
  });
  return {
    day,
    from: balance.from.toISOString(),
    to: balance.to.toISOString(),
    lines,
    trialBalance: currencies,
    reconciled: lines.every((line) => line.reconciled) && currencies.every((currency) => currency.balanced),
  };
}
