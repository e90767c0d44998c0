import { createHash } from 'node:crypto';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DB, WithdrawalTables } from '../db/schema';
import type { WithdrawalSettings } from '../config';
import type { LaoQrGateway, PayoutResult } from '../adapters/payment';
import { ErrorCode } from '../../src/contract/errors';
import { convertAt, formatAmount, normalizeRate, parseAmount } from '../../src/contract/money';
import { isProvider, type Provider } from '../../src/contract/providers';
import type { Withdrawal, WithdrawalLimits, WithdrawalPage, WithdrawalStatus } from '../../src/contract/withdrawals';
import { appendAudit, type Actor } from './audit';
import { bankAccountsOf } from './bankAccounts';
import { AppError } from './errors';
import { currentRate } from './exchangeRates';
import { findTransfer, postTransfer, type AccountRef, type LedgerTransfer } from './ledger';
import { sendCreditToProvider, takeCreditFromProvider, type WalletDeps } from './providerWallets';
import { checkPromotionWithdrawalRules, type WithdrawingPlayer } from './withdrawalRules';
import { BONUS_POOL, endUsageByWithdrawal, reopenUsageAfterWithdrawal } from './promotions';

/**
 * Withdrawals: THB credit leaves the player's provider wallet into payout clearing, then the gateway
 * pays the kip it converts to at the buy rate into the player's bank account. Calls to the provider
 * and to the gateway are never inside a database transaction; each step records its intent first
 * and its outcome after, and whatever is left unknown is settled by the reconciler
 * (reconcileWithdrawals), which asks the other side and never guesses.
 *
 *   credit out (ledger WITHDRAWAL transfer, PENDING → POSTED) → OPEN
 *   OPEN → payout sent (payout_ref) → SUCCESS, or FAILED with the credit returned
 *   OPEN → REJECTED by an operator, with the credit returned
 */

export interface WithdrawalDeps extends WalletDeps {
  gateway: LaoQrGateway;
  settings: WithdrawalSettings;
}

type WithdrawalRow = Selectable<WithdrawalTables['withdrawals']>;
type Trx = Transaction<DB>;

const PAYOUT_CLEARING: AccountRef = { kind: 'payout_clearing', currency: 'THB' };
const EXCHANGE_THB: AccountRef = { kind: 'exchange', currency: 'THB' };

/** The ledger kind of the transfer that takes a withdrawal's credit out of the provider. */
export const WITHDRAWAL_TRANSFER_KIND = 'WITHDRAWAL';

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    code: row.code,
    date: row.created_at.toISOString(),
    provider: row.provider as Provider,
    status: row.status,
    amountWithdrawn: formatAmount(BigInt(row.amount_satang), 'THB'),
    rate: normalizeRate(row.rate) ?? row.rate,
    creditReceived: formatAmount(BigInt(row.amount_kip), 'LAK'),
    amountReceived: row.received_kip === null ? null : formatAmount(BigInt(row.received_kip), 'LAK'),
    creditReturned: formatAmount(BigInt(row.credit_returned_satang), 'THB'),
    promotionRetained: row.promotion_retained_satang === null ? null : formatAmount(BigInt(row.promotion_retained_satang), 'THB'),
    bankName: row.bank,
    accountName: row.account_name,
    accountNumber: row.account_number,
    reason: row.reason,
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}

const requestHash = (provider: string, amount: bigint) => createHash('sha256').update(`${provider}:${amount}`).digest('hex');

/**
 * The withdrawal's code follows from the player and the Idempotency-Key, so two copies of one
 * request racing each other describe the same withdrawal (and the ledger sees one request).
 */
const codeFor = (player: WithdrawingPlayer, idempotencyKey: string) =>
  `W${createHash('sha256').update(`${player.agencyId}:${player.playerId}:${idempotencyKey}`).digest('hex').slice(0, 15).toUpperCase()}`;

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,100}$/;

/** Start of today in Laos (Asia/Vientiane), where the daily limit counts. */
const startOfTodayInLaos = sql<Date>`(date_trunc('day', now() AT TIME ZONE 'Asia/Vientiane') AT TIME ZONE 'Asia/Vientiane')`;

/** Withdrawals the player requested today that count towards the daily limit (a failed payout does not). */
async function countToday(db: Database, player: WithdrawingPlayer): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('agency_id', '=', player.agencyId)
    .where('player_id', '=', player.playerId)
    .where('status', '<>', 'FAILED')
    .where('created_at', '>=', startOfTodayInLaos)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function withdrawalLimits(deps: WithdrawalDeps, player: WithdrawingPlayer): Promise<WithdrawalLimits> {
  return {
    minAmount: formatAmount(deps.settings.minSatang, 'THB'),
    maxAmount: formatAmount(deps.settings.maxSatang, 'THB'),
    dailyLimit: deps.settings.dailyLimit,
    usedToday: await countToday(deps.db, player),
  };
}

/** What a withdrawal will be, fixed before any credit moves and kept in the ledger transfer's refs. */
interface Intent {
  code: string;
  requestHash: string;
  idempotencyKey: string;
  rate: string;
  kip: string;
  bank: string;
  accountName: string;
  accountNumber: string;
}

const INTENT_FIELDS = ['code', 'requestHash', 'idempotencyKey', 'rate', 'kip', 'bank', 'accountName', 'accountNumber'] as const;

/** With a promotion in use, the usage and the satang kept back of the credit taken (the rest is paid). */
interface PromotionIntent {
  promotionUsageId?: string;
  retainedSatang?: string;
}

function intentOf(transfer: LedgerTransfer): Intent & PromotionIntent {
  const refs = transfer.refs;
  for (const field of INTENT_FIELDS) if (typeof refs[field] !== 'string') throw new Error(`withdrawal transfer ${transfer.id} lacks ${field}`);
  const intent = Object.fromEntries(INTENT_FIELDS.map((field) => [field, refs[field]])) as unknown as Intent;
  return refs.promotionUsageId === undefined ? intent : { ...intent, promotionUsageId: refs.promotionUsageId, retainedSatang: refs.retainedSatang };
}

/** What the player is paid of a withdrawal's credit: all of it, less what a promotion kept back. */
const paidSatangOf = (row: WithdrawalRow) => BigInt(row.amount_satang) - BigInt(row.promotion_retained_satang ?? 0);

/** Every rule a new withdrawal must pass; nothing has moved yet when one fails. */
async function newIntent(deps: WithdrawalDeps, player: WithdrawingPlayer, provider: Provider, amount: bigint, hash: string, idempotencyKey: string): Promise<Intent & PromotionIntent> {
  const { db, settings } = deps;
  if (amount < settings.minSatang) {
    throw new AppError(400, ErrorCode.WITHDRAW_BELOW_MINIMUM, `The least you can withdraw is ${formatAmount(settings.minSatang, 'THB')} THB`);
  }
  if (amount > settings.maxSatang) {
    throw new AppError(400, ErrorCode.WITHDRAW_ABOVE_MAXIMUM, `The most you can withdraw at once is ${formatAmount(settings.maxSatang, 'THB')} THB`);
  }
  const [account] = await bankAccountsOf(db, player.agencyId, player.playerId);
  if (!account) throw new AppError(400, ErrorCode.BANK_ACCOUNT_REQUIRED, 'Add a bank account before withdrawing');
  const rate = await currentRate(db, player.agencyId, 'THB');
  if (!rate) throw new AppError(503, ErrorCode.EXCHANGE_RATE_MISSING, 'The agency has no THB exchange rate yet');
  if ((await countToday(db, player)) >= settings.dailyLimit) {
    throw new AppError(429, ErrorCode.WITHDRAW_DAILY_LIMIT, `At most ${settings.dailyLimit} withdrawals a day`);
  }
  const promotion = await checkPromotionWithdrawalRules(deps, player, provider, amount);
  return {
    code: codeFor(player, idempotencyKey),
    requestHash: hash,
    idempotencyKey,
    rate: rate.buy,
    kip: convertAt('WITHDRAW', promotion?.paidSatang ?? amount, rate).toString(),
    bank: account.bank,
    accountName: account.accountName,
    accountNumber: account.accountNumber,
    ...(promotion && { promotionUsageId: promotion.usageId, retainedSatang: promotion.retainedSatang.toString() }),
  };
}

const conflict = () => new AppError(409, ErrorCode.IDEMPOTENCY_CONFLICT, 'This idempotency key was already used for a different request');

export interface WithdrawalOutcome {
  withdrawal: Withdrawal;
  /** True when the key had been used with the same request: nothing moved this time. */
  replayed: boolean;
}

/**
 * POST /withdrawals. The Idempotency-Key makes a retry safe: the same key and request give the
 * same withdrawal (and finish one left half-way); the same key with another request is a 409.
 */
export async function requestWithdrawal(
  deps: WithdrawalDeps,
  player: WithdrawingPlayer,
  body: { provider: string; amount: string },
  idempotencyKey: string | undefined,
): Promise<WithdrawalOutcome> {
  const { db } = deps;
  if (!idempotencyKey || !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    throw new AppError(400, ErrorCode.IDEMPOTENCY_KEY_REQUIRED, 'Send an Idempotency-Key header of 8 to 100 visible characters');
  }
  if (!isProvider(body.provider)) throw new AppError(400, ErrorCode.UNKNOWN_PROVIDER, `No game provider ${body.provider}`);
  const provider = body.provider;
  const amount = parseAmount(body.amount, 'THB');
  if (amount === undefined || amount <= 0n) throw new AppError(400, ErrorCode.INVALID_AMOUNT, 'The amount is THB with at most 2 decimals, above 0, like "1500.00"');
  const hash = requestHash(provider, amount);

  const recorded = await db
    .selectFrom('withdrawals')
    .selectAll()
    .where('agency_id', '=', player.agencyId)
    .where('player_id', '=', player.playerId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  if (recorded) {
    if (recorded.request_hash !== hash) throw conflict();
    return { withdrawal: toWithdrawal(recorded), replayed: true };
  }

  const ledgerKey = `withdrawal:${player.playerId}:${idempotencyKey}`;
  const earlier = await findTransfer(db, player.agencyId, ledgerKey);
  let intent: Intent & PromotionIntent;
  if (earlier) {
    intent = intentOf(earlier);
    if (intent.requestHash !== hash) throw conflict();
  } else {
    intent = await newIntent(deps, player, provider, amount, hash, idempotencyKey);
  }

  const taken = await takeCreditFromProvider(deps, {
    ...player,
    provider,
    amount,
    key: ledgerKey,
    kind: WITHDRAWAL_TRANSFER_KIND,
    to: PAYOUT_CLEARING,
    refs: { ...intent },
  });
  if (taken.status === 'VOIDED') {
    throw taken.failureCode === 'INSUFFICIENT_BALANCE'
      ? new AppError(409, ErrorCode.INSUFFICIENT_CREDIT, 'The credit at the provider is not enough')
      : new AppError(502, ErrorCode.PROVIDER_UNAVAILABLE, `The game provider refused the transfer (${taken.failureCode})`);
  }
  if (taken.status === 'PENDING') {
    throw new AppError(503, ErrorCode.PROVIDER_UNAVAILABLE, 'The game provider did not answer; retry with the same Idempotency-Key');
  }
  const transfer = await findTransfer(db, player.agencyId, ledgerKey);
  const { row, created } = await recordOpen(db, transfer!);
  const settled = created ? await autoApprove(deps, row) : row;
  return { withdrawal: toWithdrawal(settled), replayed: !created };
}

/**
 * Records the OPEN withdrawal of a posted WITHDRAWAL transfer (once: the code is unique). One under
 * a promotion's rules ends that usage in the same transaction.
 */
async function recordOpen(db: Database, transfer: LedgerTransfer): Promise<{ row: WithdrawalRow; created: boolean }> {
  const intent = intentOf(transfer);
  const created = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('withdrawals')
      .values({
        agency_id: transfer.agencyId,
        code: intent.code,
        player_id: transfer.refs.playerId,
        provider: transfer.provider!.name,
        idempotency_key: intent.idempotencyKey,
        request_hash: intent.requestHash,
        amount_satang: transfer.pending!.amount,
        rate: intent.rate,
        amount_kip: intent.kip,
        bank: intent.bank,
        account_name: intent.accountName,
        account_number: intent.accountNumber,
        promotion_usage_id: intent.promotionUsageId ?? null,
        promotion_retained_satang: intent.retainedSatang ?? null,
      })
      .onConflict((oc) => oc.constraint('withdrawals_code_key').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row?.promotion_usage_id) await endUsageByWithdrawal(trx, row.agency_id, row.promotion_usage_id);
    return row;
  });
  if (created) return { row: created, created: true };
  const row = await db.selectFrom('withdrawals').selectAll().where('agency_id', '=', transfer.agencyId).where('code', '=', intent.code).executeTakeFirstOrThrow();
  if (row.player_id !== transfer.refs.playerId) throw new Error(`withdrawal code ${intent.code} belongs to another player`);
  return { row, created: false };
}

/** Pays out at once when the amount paid is within the agency's auto-approve limit; larger ones wait for an operator. */
async function autoApprove(deps: WithdrawalDeps, row: WithdrawalRow): Promise<WithdrawalRow> {
  if (paidSatangOf(row) > deps.settings.autoApproveSatang) return row;
  return payOut(deps, row.agency_id, row.code, { operatorId: null, name: 'auto-approve' });
}

async function lockWithdrawal(trx: Trx, agencyId: string, code: string): Promise<WithdrawalRow> {
  const row = await trx.selectFrom('withdrawals').selectAll().where('agency_id', '=', agencyId).where('code', '=', code).forUpdate().executeTakeFirst();
  if (!row) throw new AppError(404, ErrorCode.NOT_FOUND, `No withdrawal ${code}`);
  return row;
}

function mustBeUndecided(row: WithdrawalRow) {
  if (row.status !== 'OPEN' || row.payout_ref !== null) {
    const state = row.status === 'OPEN' ? 'is being paid out' : `is ${row.status}`;
    throw new AppError(409, ErrorCode.WITHDRAWAL_NOT_OPEN, `Withdrawal ${row.code} ${state}; it cannot be decided again`);
  }
}

/**
 * Sends the payout of an OPEN withdrawal nobody has decided yet. The payout ref is recorded first
 * (so a second approval is refused and a crash is recovered by ref), then the gateway is called,
 * then its answer is recorded. An operator's approval is audited with the claim, in one transaction.
 */
export async function payOut(deps: WithdrawalDeps, agencyId: string, code: string, actor: Actor): Promise<WithdrawalRow> {
  const claimed = await deps.db.transaction().execute(async (trx) => {
    const row = await lockWithdrawal(trx, agencyId, code);
    mustBeUndecided(row);
    const updated = await trx
      .updateTable('withdrawals')
      .set({ payout_ref: `wd-${row.id}`, payout_started_at: sql<Date>`now()`, decided_by: actor.name })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (actor.operatorId !== null) {
      await appendAudit(trx, { agencyId, actor, action: 'APPROVE_WITHDRAWAL', target: code, details: { amount: toWithdrawal(row).amountWithdrawn, kip: row.amount_kip } });
    }
    return updated;
  });
  const result = await deps.gateway.payout(claimed.payout_ref!, claimed.bank, claimed.account_number, claimed.account_name, BigInt(claimed.amount_kip));
  return settlePayout(deps, claimed, result);
}

/** Records the gateway's answer: paid → SUCCESS; failed → FAILED with the credit returned; unknown → stays OPEN for the reconciler. */
async function settlePayout(deps: WithdrawalDeps, row: WithdrawalRow, result: PayoutResult): Promise<WithdrawalRow> {
  if (result.outcome === 'unknown') return row;
  const settled = await deps.db.transaction().execute(async (trx) => {
    const current = await lockWithdrawal(trx, row.agency_id, row.code);
    if (current.status !== 'OPEN') return current;
    if (result.outcome === 'paid') {
      // The credit held in payout clearing is spent: exchanged into the kip the gateway paid, and
      // what a promotion kept back returns to the bonus pool.
      const retained = BigInt(row.promotion_retained_satang ?? 0);
      await postTransfer(trx, {
        agencyId: row.agency_id,
        key: `withdrawal-paid:${row.id}`,
        kind: 'WITHDRAWAL_PAID',
        entries: [
          { account: PAYOUT_CLEARING, amount: -BigInt(row.amount_satang) },
          { account: EXCHANGE_THB, amount: paidSatangOf(row) },
          ...(retained > 0n ? [{ account: BONUS_POOL, amount: retained }] : []),
        ],
        refs: { withdrawal: row.code, payoutRef: result.ref, kip: result.amountKip.toString() },
      });
      return trx
        .updateTable('withdrawals')
        .set({ status: 'SUCCESS', received_kip: result.amountKip, payout_transaction_id: result.transactionId, completed_at: result.completedAt })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    if (current.promotion_usage_id) await reopenUsageAfterWithdrawal(trx, row.agency_id, current.promotion_usage_id);
    return trx
      .updateTable('withdrawals')
      .set({ status: 'FAILED', reason: `payout failed: ${result.reason}`, completed_at: sql<Date>`now()` })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return settled.status === 'FAILED' ? returnCredit(deps, settled) : settled;
}

/**
 * Gives a REJECTED or FAILED withdrawal's credit back to the same provider, exactly once: the
 * ledger key is the withdrawal's, so a repeat replays the first transfer. When the provider does not
 * answer, the credit stays held and the reconciler finishes it.
 */
export async function returnCredit(deps: WithdrawalDeps, row: WithdrawalRow): Promise<WithdrawalRow> {
  if (BigInt(row.credit_returned_satang) > 0n) return row;
  let result;
  try {
    result = await sendCreditToProvider(deps, {
      agencyId: row.agency_id,
      playerId: row.player_id,
      provider: row.provider as Provider,
      amount: BigInt(row.amount_satang),
      key: `withdrawal-return:${row.id}`,
      kind: 'WITHDRAWAL_RETURN',
      from: PAYOUT_CLEARING,
      refs: { withdrawal: row.code },
    });
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.PROVIDER_UNAVAILABLE) return row;
    throw error;
  }
  if (result.status !== 'POSTED') return row;
  const updated = await deps.db
    .updateTable('withdrawals')
    .set({ credit_returned_satang: row.amount_satang })
    .where('id', '=', row.id)
    .where('credit_returned_satang', '=', '0')
    .returningAll()
    .executeTakeFirst();
  return updated ?? (await deps.db.selectFrom('withdrawals').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow());
}

/** An operator rejects an undecided OPEN withdrawal with a reason; the credit goes back to the provider. */
export async function rejectWithdrawal(deps: WithdrawalDeps, agencyId: string, code: string, actor: Actor, reason: string): Promise<WithdrawalRow> {
  const rejected = await deps.db.transaction().execute(async (trx) => {
    const row = await lockWithdrawal(trx, agencyId, code);
    mustBeUndecided(row);
    await appendAudit(trx, { agencyId, actor, action: 'REJECT_WITHDRAWAL', target: code, reason, details: { amount: toWithdrawal(row).amountWithdrawn } });
    if (row.promotion_usage_id) await reopenUsageAfterWithdrawal(trx, agencyId, row.promotion_usage_id);
    return trx
      .updateTable('withdrawals')
      .set({ status: 'REJECTED', reason, decided_by: actor.name, completed_at: sql<Date>`now()` })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return returnCredit(deps, rejected);
}

export async function findWithdrawal(db: Database, agencyId: string, code: string): Promise<WithdrawalRow | undefined> {
  return db.selectFrom('withdrawals').selectAll().where('agency_id', '=', agencyId).where('code', '=', code).executeTakeFirst();
}

/** The player's withdrawals, newest first, one page at a time. */
export async function withdrawalsOf(db: Database, player: WithdrawingPlayer, page: number, pageSize: number): Promise<WithdrawalPage> {
  const scoped = db.selectFrom('withdrawals').where('agency_id', '=', player.agencyId).where('player_id', '=', player.playerId);
  const [rows, total] = await Promise.all([
    scoped.selectAll().orderBy('created_at', 'desc').orderBy('code', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
    scoped.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toWithdrawal), page, pageSize, total: Number(total.count) };
}

export async function openWithdrawalsOf(db: Database, player: WithdrawingPlayer): Promise<Withdrawal[]> {
  const rows = await db
    .selectFrom('withdrawals')
    .selectAll()
    .where('agency_id', '=', player.agencyId)
    .where('player_id', '=', player.playerId)
    .where('status', '=', 'OPEN')
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toWithdrawal);
}

export interface AgencyWithdrawal extends Withdrawal {
  player: string;
  /** True once the payout was sent and its outcome is awaited. */
  payoutSent: boolean;
  decidedBy: string | null;
}

/** The agency's withdrawals for operators, optionally of one status, newest first. */
export async function agencyWithdrawals(db: Database, agencyId: string, status: WithdrawalStatus | undefined, page: number, pageSize: number) {
  const scoped = db
    .selectFrom('withdrawals')
    .innerJoin('players', 'players.id', 'withdrawals.player_id')
    .where('withdrawals.agency_id', '=', agencyId)
    .$if(status !== undefined, (query) => query.where('withdrawals.status', '=', status as WithdrawalStatus));
  const [rows, total] = await Promise.all([
    scoped
      .selectAll('withdrawals')
      .select('players.username')
      .orderBy('withdrawals.created_at', 'desc')
      .orderBy('withdrawals.code', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    scoped.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  const items: AgencyWithdrawal[] = rows.map((row) => ({ ...toWithdrawal(row), player: row.username, payoutSent: row.payout_ref !== null, decidedBy: row.decided_by }));
  return { items, page, pageSize, total: Number(total.count) };
}

export interface WithdrawalReconcileReport {
  /** Credit taken out by a request that never heard back, now recorded as OPEN withdrawals. */
  recorded: number;
  /** Payouts whose outcome was learnt from the gateway. */
  settled: number;
  /** Credit returns finished. */
  returned: number;
  /** Still unknown: the other side could not answer this time. */
  unresolved: number;
}

/**
 * Settles what withdrawal requests left half-way, for items older than olderThanMs (so a request
 * still in flight is left to finish): a posted WITHDRAWAL transfer without its withdrawal is
 * recorded OPEN (and paid out when within the auto-approve limit); a payout sent without an answer
 * is asked about by ref (payoutStatus), and one the gateway never received is sent again with the
 * same ref, which the gateway pays at most once; a REJECTED or FAILED withdrawal whose credit is
 * not back yet gets it back. Safe in several processes at once: every step locks or is keyed.
 */
export async function reconcileWithdrawals(deps: WithdrawalDeps, { olderThanMs, limit = 200 }: { olderThanMs: number; limit?: number }): Promise<WithdrawalReconcileReport> {
  const { db, gateway } = deps;
  const report: WithdrawalReconcileReport = { recorded: 0, settled: 0, returned: 0, unresolved: 0 };
  const older = sql<Date>`now() - ${olderThanMs} * interval '1 millisecond'`;

  const orphans = await db
    .selectFrom('ledger_transfers')
    .select('idempotency_key')
    .select('agency_id')
    .where('kind', '=', WITHDRAWAL_TRANSFER_KIND)
    .where('status', '=', 'POSTED')
    .where('created_at', '<', older)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('withdrawals')
            .select('withdrawals.id')
            .whereRef('withdrawals.agency_id', '=', 'ledger_transfers.agency_id')
            .where('withdrawals.code', '=', sql<string>`ledger_transfers.refs->>'code'`),
        ),
      ),
    )
    .limit(limit)
    .execute();
  for (const orphan of orphans) {
    const transfer = await findTransfer(db, orphan.agency_id, orphan.idempotency_key);
    const { row, created } = await recordOpen(db, transfer!);
    if (created) {
      report.recorded += 1;
      await autoApprove(deps, row);
    }
  }

  const awaiting = await db
    .selectFrom('withdrawals')
    .selectAll()
    .where('status', '=', 'OPEN')
    .where('payout_ref', 'is not', null)
    .where('payout_started_at', '<', older)
    .orderBy('payout_started_at')
    .limit(limit)
    .execute();
  for (const row of awaiting) {
    const ref = row.payout_ref!;
    let answer = await gateway.payoutStatus(ref);
    if (answer.outcome === 'not_found') answer = await gateway.payout(ref, row.bank, row.account_number, row.account_name, BigInt(row.amount_kip));
    if (answer.outcome === 'unknown') {
      report.unresolved += 1;
      continue;
    }
    await settlePayout(deps, row, answer);
    report.settled += 1;
  }

  const unreturned = await db
    .selectFrom('withdrawals')
    .selectAll()
    .where('status', 'in', ['REJECTED', 'FAILED'])
    .where('credit_returned_satang', '=', '0')
    .where('completed_at', '<', older)
    .limit(limit)
    .execute();
  for (const row of unreturned) {
    const after = await returnCredit(deps, row);
    if (BigInt(after.credit_returned_satang) > 0n) report.returned += 1;
    else report.unresolved += 1;
  }
  return report;
}
