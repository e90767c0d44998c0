import { createHash, randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Database } from '../db/database';
import type { DepositTables } from '../db/schema';
import type { Config } from '../config';
import { ErrorCode } from '../../src/contract/errors';
import { buildLaoQr } from '../../src/contract/laoqr';
import { convertAt, formatAmount, normalizeRate } from '../../src/contract/money';
import { isProvider, type Provider } from '../../src/contract/providers';
import { checkDepositAmount, type DepositLimits, type DepositOrder, type DepositPage, type DepositQr, type DepositStatus } from '../../src/contract/deposits';
import { recordWebhookEvent, type LaoQrGateway } from '../adapters/payment';
import type { ProviderClient } from '../adapters/providers';
import { AppError } from './errors';
import { bankAccountsOf } from './bankAccounts';
import { currentRate } from './exchangeRates';
import { findTransfer, postTransfer, type AccountRef, type LedgerTrx } from './ledger';
import { sendCreditToProvider } from './providerWallets';
import { creditPromotionBonus, promotionForDeposit } from './promotions';
import { isUniqueViolation } from '../db/errors';

/**
 * Deposits by LaoQR. A player orders credit at a provider for an amount of kip; the order locks
 * the sell rate and shows a QR that pays the agency's account with the order code as bill number.
 * A payment (the gateway's webhook, or the player's check that asks the gateway) is applied in one
 * transaction: the order becomes PAID and the ledger records the cash and what the agency now owes
 * the player. Outside that transaction the credit goes to the provider through the ledger's
 * provider wallet, and the order becomes SUCCESS. Anything paid that matches no open order is kept
 * as an unmatched payment with its cash in the ledger, for the operator.
 */

export interface DepositDeps {
  db: Database;
  config: Pick<Config, 'depositExpiryMinutes' | 'depositMinKip' | 'depositMaxKip'>;
  providers: ProviderClient;
}

export interface PlayerRef {
  agencyId: string;
  playerId: string;
}

type OrderRow = Selectable<DepositTables['deposit_orders']>;

/** A refused provider transfer is tried again with a new ledger key this many times in all. */
export const MAX_CREDIT_ATTEMPTS = 5;

const cash: AccountRef = { kind: 'agency_cash', currency: 'LAK' };
const owedTo = (playerId: string): AccountRef => ({ kind: 'owed_to_player', playerId, currency: 'THB' });

export function toDepositOrder(row: OrderRow): DepositOrder {
  const credit = BigInt(row.credit_satang);
  const promo = row.promo_credit_satang === null ? null : BigInt(row.promo_credit_satang);
  return {
    code: row.code,
    provider: row.provider as Provider,
    amount: formatAmount(BigInt(row.amount_kip), 'LAK'),
    credit: formatAmount(credit, 'THB'),
    rate: normalizeRate(row.rate_sell) ?? row.rate_sell,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    paidAt: row.paid_at?.toISOString() ?? null,
    promoCredit: promo === null ? null : formatAmount(promo, 'THB'),
    creditedTotal: promo === null ? null : formatAmount(credit + promo, 'THB'),
  };
}

async function settingsOf(db: Database, agencyId: string) {
  return db.selectFrom('agency_deposit_settings').selectAll().where('agency_id', '=', agencyId).executeTakeFirst();
}

/** The agency's bounds and expiry: its own settings, else the server's. */
export async function depositLimits(deps: Pick<DepositDeps, 'db' | 'config'>, agencyId: string): Promise<{ min: bigint; max: bigint; expiryMinutes: number }> {
  const settings = await settingsOf(deps.db, agencyId);
  return {
    min: settings?.min_kip ? BigInt(settings.min_kip) : deps.config.depositMinKip,
    max: settings?.max_kip ? BigInt(settings.max_kip) : deps.config.depositMaxKip,
    expiryMinutes: settings?.expiry_minutes ?? deps.config.depositExpiryMinutes,
  };
}

export async function depositLimitsView(deps: Pick<DepositDeps, 'db' | 'config'>, agencyId: string): Promise<DepositLimits> {
  const { min, max, expiryMinutes } = await depositLimits(deps, agencyId);
  return { minAmount: formatAmount(min, 'LAK'), maxAmount: formatAmount(max, 'LAK'), expiryMinutes };
}

/** The agency's account that deposit QRs pay into; set per agency (the demo agency is seeded). */
export async function setReceivingAccount(
  db: Database,
  agencyId: string,
  account: { bankIin: string; accountNumber: string; merchantName: string; merchantCity: string },
): Promise<void> {
  const values = { bank_iin: account.bankIin, account_number: account.accountNumber, merchant_name: account.merchantName, merchant_city: account.merchantCity };
  await db
    .insertInto('agency_deposit_settings')
    .values({ agency_id: agencyId, ...values })
    .onConflict((oc) => oc.column('agency_id').doUpdateSet(values))
    .execute();
}

/** Open orders past their expiry become EXPIRED (of this player, or all of them). */
async function expireStale(db: Database | LedgerTrx, agencyId: string, playerId?: string): Promise<void> {
  await db
    .updateTable('deposit_orders')
    .set({ status: 'EXPIRED', closed_at: sql<Date>`now()` })
    .where('agency_id', '=', agencyId)
    .$if(playerId !== undefined, (q) => q.where('player_id', '=', playerId as string))
    .where('status', '=', 'OPEN')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
}

/** A code unlike any other: D, the date, and 8 random letters and digits (15 characters, a valid bill number). */
function newCode(now = new Date()): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const random = [...randomBytes(8)].map((byte) => alphabet[byte % alphabet.length]).join('');
  const date = now.toISOString().slice(2, 10).replace(/-/g, '');
  return `D${date}${random}`;
}

const requestHashOf = (provider: string, kip: bigint) => createHash('sha256').update(`${provider}:${kip}`).digest('hex');


async function orderByKey(db: Database, who: PlayerRef, key: string) {
  return db
    .selectFrom('deposit_orders')
    .selectAll()
    .where('agency_id', '=', who.agencyId)
    .where('player_id', '=', who.playerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

function replayOf(row: OrderRow, hash: string): { order: DepositOrder; replayed: true } {
  if (row.request_hash !== hash) throw new AppError(409, ErrorCode.IDEMPOTENCY_CONFLICT, 'This Idempotency-Key was already used for another deposit');
  return { order: toDepositOrder(row), replayed: true };
}

/**
 * POST /deposits. The same Idempotency-Key with the same provider and amount gives the first order
 * again; with others, IDEMPOTENCY_CONFLICT. Refused with nothing changed: an unknown provider, an
 * amount that is not whole kip or out of bounds, no bank account, an open order already, and the
 * promotion rules while a promotion is taken or in use (promotionForDeposit): an order made while
 * one is taken carries it, and its bonus is credited with the payment.
 */
export async function createDeposit(
  deps: DepositDeps,
  who: PlayerRef,
  input: { provider: string; amount: unknown; idempotencyKey: string | undefined; promotionId?: string },
): Promise<{ order: DepositOrder; replayed: boolean }> {
  const { db } = deps;
  const key = input.idempotencyKey?.trim();
  if (!key || key.length > 200) throw new AppError(400, ErrorCode.IDEMPOTENCY_KEY_REQUIRED, 'Send an Idempotency-Key header of 1 to 200 characters');
  if (!isProvider(input.provider)) throw new AppError(400, ErrorCode.UNKNOWN_PROVIDER, `No game provider ${input.provider}`);
  const limits = await depositLimits(deps, who.agencyId);
  const amount = checkDepositAmount(input.amount, limits.min, limits.max);
  if (!amount.ok) {
    const message =
      amount.code === 'DEPOSIT_AMOUNT_INVALID' ? 'The amount is whole kip, digits only' : `The amount must be from ${limits.min} to ${limits.max} LAK`;
    throw new AppError(400, amount.code, message);
  }
  const hash = requestHashOf(input.provider, amount.kip);
  const earlier = await orderByKey(db, who, key);
  if (earlier) return replayOf(earlier, hash);

  if ((await bankAccountsOf(db, who.agencyId, who.playerId)).length === 0) {
    throw new AppError(409, ErrorCode.BANK_ACCOUNT_REQUIRED, 'ກະລຸນາເພີ່ມບັນຊີທະນາຄານກ່ອນຝາກເງິນ (add a bank account before depositing)');
  }
  const [rate, settings] = await Promise.all([currentRate(db, who.agencyId, 'THB'), settingsOf(db, who.agencyId)]);
  if (!rate || !settings) throw new AppError(503, ErrorCode.DEPOSIT_UNAVAILABLE, 'The agency takes no deposits yet (no THB rate or receiving account)');
  const credit = convertAt('DEPOSIT', amount.kip, rate, 'THB');
  if (credit <= 0n) throw new AppError(400, ErrorCode.DEPOSIT_AMOUNT_OUT_OF_RANGE, 'The amount buys no credit at the current rate');
  const promotionUsageId = await promotionForDeposit(deps, who, input.provider, amount.kip, input.promotionId);

  await expireStale(db, who.agencyId, who.playerId);
  try {
    const row = await db
      .insertInto('deposit_orders')
      .values({
        agency_id: who.agencyId,
        code: newCode(),
        player_id: who.playerId,
        provider: input.provider,
        amount_kip: amount.kip,
        credit_satang: credit,
        rate_sell: rate.sell,
        rate_effective_at: rate.effectiveAt,
        idempotency_key: key,
        request_hash: hash,
        promotion_usage_id: promotionUsageId,
        expires_at: sql<Date>`now() + ${limits.expiryMinutes} * interval '1 minute'`,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { order: toDepositOrder(row), replayed: false };
  } catch (error) {
    if (isUniqueViolation(error, 'deposit_orders_idempotency_key')) {
      const first = await orderByKey(db, who, key);
      if (first) return replayOf(first, hash);
    }
    if (isUniqueViolation(error, 'deposit_orders_one_open')) {
      throw new AppError(409, ErrorCode.OPEN_ORDER, 'Close the open deposit order first');
    }
    throw error;
  }
}

/** The player's order by code; another player's (or agency's) order is 404 like a missing one. */
async function playerOrder(db: Database, who: PlayerRef, code: string): Promise<OrderRow> {
  await expireStale(db, who.agencyId, who.playerId);
  const row = await db
    .selectFrom('deposit_orders')
    .selectAll()
    .where('agency_id', '=', who.agencyId)
    .where('player_id', '=', who.playerId)
    .where('code', '=', code)
    .executeTakeFirst();
  if (!row) throw new AppError(404, ErrorCode.NOT_FOUND, `No deposit ${code}`);
  return row;
}

export async function listDeposits(db: Database, who: PlayerRef, page: number, pageSize: number): Promise<DepositPage> {
  await expireStale(db, who.agencyId, who.playerId);
  const base = db.selectFrom('deposit_orders').where('agency_id', '=', who.agencyId).where('player_id', '=', who.playerId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toDepositOrder), page, pageSize, total: Number(count.total) };
}

export async function openDeposits(db: Database, who: PlayerRef): Promise<DepositOrder[]> {
  await expireStale(db, who.agencyId, who.playerId);
  const rows = await db
    .selectFrom('deposit_orders')
    .selectAll()
    .where('agency_id', '=', who.agencyId)
    .where('player_id', '=', who.playerId)
    .where('status', '=', 'OPEN')
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toDepositOrder);
}

/** The QR of one of the player's orders, built from the agency's receiving account. */
export async function depositQr(db: Database, who: PlayerRef, code: string): Promise<DepositQr> {
  const row = await playerOrder(db, who, code);
  const settings = await settingsOf(db, who.agencyId);
  if (!settings) throw new AppError(503, ErrorCode.DEPOSIT_UNAVAILABLE, 'The agency has no receiving account');
  const payload = buildLaoQr({
    bankIin: settings.bank_iin,
    accountNumber: settings.account_number,
    merchantCategoryCode: settings.merchant_category_code,
    amountKip: BigInt(row.amount_kip),
    merchantName: settings.merchant_name,
    merchantCity: settings.merchant_city,
    billNumber: row.code,
  });
  return {
    code: row.code,
    payload,
    amount: formatAmount(BigInt(row.amount_kip), 'LAK'),
    payee: { name: settings.merchant_name, city: settings.merchant_city, bankIin: settings.bank_iin, accountNumber: settings.account_number },
    expiresAt: row.expires_at.toISOString(),
    status: row.status,
  };
}

/**
 * Cancels an OPEN order. The row lock makes a cancel and a payment of the same order take turns:
 * whichever comes second sees the other's outcome (a payment after the cancel is kept unmatched).
 */
export async function cancelDeposit(db: Database, who: PlayerRef, code: string): Promise<DepositOrder> {
  await playerOrder(db, who, code);
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('deposit_orders').selectAll().where('agency_id', '=', who.agencyId).where('code', '=', code).forUpdate().executeTakeFirstOrThrow();
    if (row.status !== 'OPEN' || row.expires_at.getTime() <= Date.now()) {
      throw new AppError(409, ErrorCode.DEPOSIT_NOT_OPEN, `Deposit ${code} is ${row.status === 'OPEN' ? 'EXPIRED' : row.status}; only an open order can be cancelled`);
    }
    const updated = await trx
      .updateTable('deposit_orders')
      .set({ status: 'CANCELED', closed_at: sql<Date>`now()` })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toDepositOrder(updated);
  });
}

/** A payment the gateway reports for a bill; eventId when it came by webhook. */
export interface DepositPayment {
  eventId?: string;
  billNumber: string;
  amountKip: bigint;
  transactionId: string;
  paidAt: Date;
}

export type PaymentOutcome =
  | { outcome: 'paid'; order: OrderRow }
  | { outcome: 'duplicate' }
  | { outcome: 'unmatched'; reason: Selectable<DepositTables['deposit_unmatched_payments']>['reason'] };

/**
 * Applies a payment in one transaction: records the webhook event (a replay stops here), locks the
 * order, and either marks it PAID with its ledger transfer, or keeps the payment unmatched with its
 * cash in the ledger. Payments are told apart by the gateway's transaction id, so the webhook and a
 * check that both see the same payment apply it once.
 */
export async function applyPayment(db: Database, agencyId: string, payment: DepositPayment): Promise<PaymentOutcome> {
  return db.transaction().execute(async (trx): Promise<PaymentOutcome> => {
    if (payment.eventId !== undefined && !(await recordWebhookEvent(trx, payment.eventId))) return { outcome: 'duplicate' };
    const order = await trx
      .selectFrom('deposit_orders')
      .selectAll()
      .where('agency_id', '=', agencyId)
      .where('code', '=', payment.billNumber)
      .forUpdate()
      .executeTakeFirst();
    if (order?.transaction_id === payment.transactionId) return { outcome: 'duplicate' };

    const inTime = payment.paidAt.getTime() <= (order?.expires_at.getTime() ?? 0);
    const payable = order && (order.status === 'OPEN' || order.status === 'EXPIRED') && inTime;
    if (order && payable && BigInt(order.amount_kip) === payment.amountKip) {
      const paid = await trx
        .updateTable('deposit_orders')
        .set({ status: 'PAID', transaction_id: payment.transactionId, paid_amount_kip: payment.amountKip, paid_at: payment.paidAt, closed_at: null })
        .where('id', '=', order.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const credit = BigInt(order.credit_satang);
      await postTransfer(trx, {
        agencyId,
        key: `deposit:${order.code}:paid`,
        kind: 'DEPOSIT_PAYMENT',
        entries: [
          { account: cash, amount: payment.amountKip },
          { account: { kind: 'exchange', currency: 'LAK' }, amount: -payment.amountKip },
          { account: owedTo(order.player_id), amount: credit },
          { account: { kind: 'exchange', currency: 'THB' }, amount: -credit },
        ],
        refs: { deposit: order.code, transactionId: payment.transactionId, playerId: order.player_id },
      });
      const bonus = await creditPromotionBonus(trx, paid);
      if (bonus === null) return { outcome: 'paid', order: paid };
      const withBonus = await trx.updateTable('deposit_orders').set({ promo_credit_satang: bonus }).where('id', '=', order.id).returningAll().executeTakeFirstOrThrow();
      return { outcome: 'paid', order: withBonus };
    }

    const reason = !order
      ? 'UNKNOWN_BILL'
      : payable
        ? 'AMOUNT_MISMATCH'
        : order.status === 'CANCELED'
          ? 'ORDER_CANCELED'
          : order.status === 'OPEN' || order.status === 'EXPIRED'
            ? 'ORDER_EXPIRED'
            : 'ORDER_CLOSED';
    const recorded = await trx
      .insertInto('deposit_unmatched_payments')
      .values({
        agency_id: agencyId,
        bill_number: payment.billNumber,
        deposit_order_id: order?.id ?? null,
        reason,
        amount_kip: payment.amountKip,
        transaction_id: payment.transactionId,
        event_id: payment.eventId ?? null,
        paid_at: payment.paidAt,
      })
      .onConflict((oc) => oc.constraint('deposit_unmatched_payments_transaction_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!recorded) return { outcome: 'duplicate' };
    await postTransfer(trx, {
      agencyId,
      key: `unmatched-payment:${payment.transactionId}`,
      kind: 'UNMATCHED_PAYMENT',
      entries: [
        { account: cash, amount: payment.amountKip },
        { account: { kind: 'unallocated_payments', currency: 'LAK' }, amount: -payment.amountKip },
      ],
      refs: { billNumber: payment.billNumber, transactionId: payment.transactionId, reason },
    });
    if (order && reason === 'AMOUNT_MISMATCH') {
      await trx.updateTable('deposit_orders').set({ status: 'FAILED', failure_code: reason, closed_at: sql<Date>`now()` }).where('id', '=', order.id).execute();
    } else if (order && order.status === 'OPEN' && reason === 'ORDER_EXPIRED') {
      await trx.updateTable('deposit_orders').set({ status: 'EXPIRED', closed_at: sql<Date>`now()` }).where('id', '=', order.id).execute();
    }
    return { outcome: 'unmatched', reason };
  });
}

const creditKey = (code: string, attempt: number) => `deposit:${code}:credit:${attempt}`;

/**
 * Puts a PAID order's credit at the provider (outside any transaction) and marks it SUCCESS once
 * the provider has it. A provider that is down leaves the order PAID, its money owed to the player
 * in the ledger, for the reconciler; a refusal gives the money back to that account and the next
 * attempt uses a new key. Never throws for the provider's sake: the payment is recorded already.
 */
export async function creditPaidDeposit(deps: Pick<DepositDeps, 'db' | 'providers'>, order: OrderRow): Promise<DepositStatus> {
  const { db } = deps;
  if (order.status !== 'PAID') return order.status;
  const attempt = order.credit_attempt;
  const key = creditKey(order.code, attempt);
  let status: 'POSTED' | 'PENDING' | 'VOIDED';
  const earlier = await findTransfer(db, order.agency_id, key);
  if (earlier && earlier.status !== 'PENDING') {
    status = earlier.status;
  } else {
    try {
      const result = await sendCreditToProvider(deps, {
        agencyId: order.agency_id,
        playerId: order.player_id,
        provider: order.provider as Provider,
        // The deposit's credit and its promotion bonus, both owed to the player since the payment.
        amount: BigInt(order.credit_satang) + BigInt(order.promo_credit_satang ?? 0),
        key,
        kind: 'DEPOSIT_CREDIT',
        from: owedTo(order.player_id),
        refs: { deposit: order.code },
        // The provider sees the order code; a retry after a refusal needs a ref of its own.
        providerRef: attempt === 1 ? order.code : `${order.code}-${attempt}`,
      });
      status = result.status;
    } catch (error) {
      if (error instanceof AppError) return 'PAID';
      throw error;
    }
  }
  if (status === 'POSTED') {
    const done = await db
      .updateTable('deposit_orders')
      .set({ status: 'SUCCESS', credited_at: sql<Date>`now()`, closed_at: sql<Date>`now()`, failure_code: null })
      .where('id', '=', order.id)
      .where('status', '=', 'PAID')
      .returning('status')
      .executeTakeFirst();
    return done?.status ?? 'SUCCESS';
  }
  if (status === 'VOIDED') {
    const failureCode = (await findTransfer(db, order.agency_id, key))?.failureCode ?? 'PROVIDER_REFUSED';
    const next = attempt + 1;
    // After the last refusal the order stays PAID with its credit owed to the player: staff settle it.
    await db
      .updateTable('deposit_orders')
      .set({ credit_attempt: next > MAX_CREDIT_ATTEMPTS ? attempt : next, failure_code: failureCode })
      .where('id', '=', order.id)
      .where('credit_attempt', '=', attempt)
      .execute();
  }
  return 'PAID';
}

/**
 * POST /deposits/{code}/check: an OPEN (or just expired) order asks the gateway. Unpaid answers
 * DEPOSIT_NOT_PAID; paid applies the payment exactly as the webhook would and credits it. A PAID
 * order retries its credit. Other orders are returned as they are.
 */
export async function checkDeposit(deps: DepositDeps & { gateway: LaoQrGateway }, who: PlayerRef, code: string): Promise<DepositOrder> {
  const { db, gateway } = deps;
  let row = await playerOrder(db, who, code);
  if (row.status === 'OPEN' || (row.status === 'EXPIRED' && row.transaction_id === null)) {
    const check = await gateway.checkPayment(code);
    if (check.outcome === 'unknown') throw new AppError(503, ErrorCode.DEPOSIT_UNAVAILABLE, `The payment gateway did not answer (${check.reason})`);
    if (check.outcome === 'unpaid') {
      if (row.status === 'OPEN') throw new AppError(409, ErrorCode.DEPOSIT_NOT_PAID, 'Not paid yet: scan the QR with your banking app and pay');
      return toDepositOrder(row);
    }
    await applyPayment(db, who.agencyId, { billNumber: code, amountKip: check.amountKip, transactionId: check.transactionId, paidAt: check.paidAt });
    row = await playerOrder(db, who, code);
  }
  if (row.status === 'PAID') {
    await creditPaidDeposit(deps, row);
    row = await playerOrder(db, who, code);
  }
  return toDepositOrder(row);
}

/** The webhook's work after verification: apply, then credit outside the transaction. */
export async function receivePayment(deps: Pick<DepositDeps, 'db' | 'providers'>, agencyId: string, payment: DepositPayment): Promise<PaymentOutcome['outcome']> {
  const applied = await applyPayment(deps.db, agencyId, payment);
  if (applied.outcome === 'paid') await creditPaidDeposit(deps, applied.order);
  return applied.outcome;
}

export interface DepositReconcileReport {
  /** PAID orders looked at. */
  checked: number;
  /** Of them, now SUCCESS. */
  credited: number;
}

/**
 * Credits orders left PAID (provider down or a crash after the payment): each is tried again with
 * its current attempt's key, so a transfer that reached the provider is never repeated. Only orders
 * paid more than olderThanMs ago, so a request still crediting is left to finish.
 */
export async function creditPaidDeposits(deps: Pick<DepositDeps, 'db' | 'providers'>, { olderThanMs, limit = 200 }: { olderThanMs: number; limit?: number }): Promise<DepositReconcileReport> {
  const rows = await deps.db
    .selectFrom('deposit_orders')
    .selectAll()
    .where('status', '=', 'PAID')
    .where(sql<boolean>`paid_at < now() - ${olderThanMs} * interval '1 millisecond'`)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  const report: DepositReconcileReport = { checked: 0, credited: 0 };
  for (const row of rows) {
    report.checked += 1;
    if ((await creditPaidDeposit(deps, row)) === 'SUCCESS') report.credited += 1;
  }
  return report;
}

export interface UnmatchedPayment {
  id: string;
  billNumber: string;
  reason: string;
  amount: string;
  transactionId: string;
  paidAt: string;
  status: string;
}

/** The payments no open order could take, newest first, for the operator to resolve. */
export async function unmatchedPaymentsOf(db: Database, agencyId: string, status: 'UNRESOLVED' | 'RESOLVED' = 'UNRESOLVED'): Promise<UnmatchedPayment[]> {
  const rows = await db
    .selectFrom('deposit_unmatched_payments')
    .select(['id', 'bill_number', 'reason', 'amount_kip', 'transaction_id', 'paid_at', 'status'])
    .where('agency_id', '=', agencyId)
    .where('status', '=', status)
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    billNumber: row.bill_number,
    reason: row.reason,
    amount: formatAmount(BigInt(row.amount_kip), 'LAK'),
    transactionId: row.transaction_id,
    paidAt: row.paid_at.toISOString(),
    status: row.status,
  }));
}
