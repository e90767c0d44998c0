import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { Config } from '../../config';
import { ErrorCode } from '../../../contract/errors';
import { convertAt, formatAmount } from '../../../contract/money';
import { isProvider } from '../../../contract/providers';
import {
  checkDepositAmount,
  parseDepositAmount,
  type DepositCreated,
  type DepositBounds,
  type DepositOrder,
  type DepositQr,
} from '../../../contract/deposits';
import type { LaoQrGateway } from '../../adapters/payment';
import type { ProviderClient } from '../../adapters/providers';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../errors';
import { claim, earlierClaim, requestHash, requireIdempotencyKey, scopes } from '../claims';
import { bankAccountsOf, lockPlayer } from '../players';
import { currentRate } from '../agencies';
import { promotionForDeposit } from '../promotions';
import { checkDepositLimits } from '../depositLimits';
import { refuseDuringBreak } from '../breaks';
import type { Clock } from '../clock';
import {
  expireStaleOrders,
  insertOrder,
  lockPlayerOrder,
  orderByKey,
  playerOrder,
  settingsOf,
  toDepositOrder,
  type OrderRow,
} from './repository';
import type { PlayerRef } from '../players';
import { newCode, payableSettings, qrOf } from './rules';
import { transitionOrder } from './lifecycle';
import { applyPayment, creditPaidDeposit } from './payments';

/**
 * Deposits by LaoQR. A player orders credit at a provider for an amount of kip; the order locks
 * the sell rate and shows a QR that pays the agency's account with the order code as bill number.
 * A payment (the gateway's webhook, or the player's check that asks the gateway) is applied in one
 * transaction (payments.ts).
 */

export interface DepositDeps {
  db: Database;
  config: Pick<Config, 'depositExpiryMinutes' | 'depositMinKip' | 'depositMaxKip'>;
  providers: ProviderClient;
  /** Judges the player's deposit limits and dates the order. */
  clock: Clock;
}

/** The agency's bounds and expiry: its own settings, else the server's. */
export async function depositBounds(
  deps: Pick<DepositDeps, 'db' | 'config'>,
  agencyId: string,
): Promise<{ min: bigint; max: bigint; expiryMinutes: number }> {
  const settings = await settingsOf(deps.db, agencyId);
  return {
    min: settings?.min_kip ? BigInt(settings.min_kip) : deps.config.depositMinKip,
    max: settings?.max_kip ? BigInt(settings.max_kip) : deps.config.depositMaxKip,
    expiryMinutes: settings?.expiry_minutes ?? deps.config.depositExpiryMinutes,
  };
}

export async function depositBoundsView(deps: Pick<DepositDeps, 'db' | 'config'>, agencyId: string): Promise<DepositBounds> {
  const { min, max, expiryMinutes } = await depositBounds(deps, agencyId);
  return { minAmount: formatAmount(min, 'LAK'), maxAmount: formatAmount(max, 'LAK'), expiryMinutes };
}

async function withQr(db: Database, agencyId: string, created: { order: DepositOrder; replayed: boolean }, row: OrderRow) {
  return { ...created, qr: qrOf(row, payableSettings(await settingsOf(db, agencyId))) };
}

/** The order the key made first, as it now is: the answer to a replay. */
async function replayed(db: Database, who: PlayerRef, key: string) {
  const first = await orderByKey(db, who, key);
  if (!first) throw new Error(`deposit key ${key} is claimed without its order`);
  return withQr(db, who.agencyId, { order: toDepositOrder(first), replayed: true }, first);
}

/** The amount in kip within the agency's bounds, or the refusal. */
function depositAmount(amount: unknown, bounds: { min: bigint; max: bigint }): bigint {
  const checked = checkDepositAmount(amount, bounds.min, bounds.max);
  if (checked.ok) return checked.kip;
  const message =
    checked.code === 'DEPOSIT_AMOUNT_INVALID'
      ? 'The amount is whole kip, digits only'
      : `The amount must be from ${bounds.min} to ${bounds.max} LAK`;
  throw new AppError(400, checked.code, message);
}

/**
 * POST /deposits: the order and its QR. The same Idempotency-Key with the same provider and amount
 * gives the first order again; with others, IDEMPOTENCY_CONFLICT. Refused with nothing changed: a
 * key outside the one rule, an unknown provider, an amount that is not whole kip or out of bounds,
 * no bank account, no receiving account or MID (MERCHANT_ID_REQUIRED), a break running
 * (PLAYER_EXCLUDED), a deposit limit, an open order already, and the promotion rules while a
 * promotion is taken or in use (promotionForDeposit): an order made while one is taken carries it,
 * and its bonus is credited with the payment.
 */
export async function createDeposit(
  deps: DepositDeps,
  who: PlayerRef,
  input: { provider: string; amount: unknown; idempotencyKey: string | undefined; promotionId?: string },
): Promise<DepositCreated & { replayed: boolean }> {
  const { db } = deps;
  const key = requireIdempotencyKey(input.idempotencyKey);
  if (!isProvider(input.provider)) throw new AppError(400, ErrorCode.UNKNOWN_PROVIDER, `No game provider ${input.provider}`);
  const asked = parseDepositAmount(input.amount);
  if (asked === undefined) throw new AppError(400, ErrorCode.DEPOSIT_AMOUNT_INVALID, 'The amount is whole kip, digits only');
  const scope = scopes.playerDeposits(who);
  const hash = requestHash(input.provider, asked.toString());
  // A replay is answered before the checks below: the first order passed them, and they may have changed since.
  if (await earlierClaim(db, scope, key, hash)) return replayed(db, who, key);
  // Early, so a player on a break is told so before anything else; the transaction checks again.
  await refuseDuringBreak(db, who, deps.clock.now());

  const bounds = await depositBounds(deps, who.agencyId);
  const kip = depositAmount(input.amount, bounds);
  if ((await bankAccountsOf(db, who.agencyId, who.playerId)).length === 0) {
    throw new AppError(409, ErrorCode.BANK_ACCOUNT_REQUIRED, 'ກະລຸນາເພີ່ມບັນຊີທະນາຄານກ່ອນຝາກເງິນ (add a bank account before depositing)');
  }
  const [rate, stored] = await Promise.all([currentRate(db, who.agencyId, 'THB'), settingsOf(db, who.agencyId)]);
  if (!rate || !stored)
    throw new AppError(503, ErrorCode.DEPOSIT_UNAVAILABLE, 'The agency takes no deposits yet (no THB rate or receiving account)');
  // Before anything is written: an order whose QR cannot be made is never stored.
  const settings = payableSettings(stored);
  const credit = convertAt('DEPOSIT', kip, rate, 'THB');
  if (credit <= 0n) throw new AppError(400, ErrorCode.DEPOSIT_AMOUNT_OUT_OF_RANGE, 'The amount buys no credit at the current rate');
  const promotionUsageId = await promotionForDeposit(deps, who, input.provider, kip, input.promotionId);

  try {
    // The break, limit and one-open-order checks and the insert are one turn of the player's: two
    // orders at once cannot both pass a limit, and a break taken at the same moment is either seen
    // here or cancels this order after it.
    const created = await db.transaction().execute(async (trx) => {
      await lockPlayer(trx, who);
      // A copy of this request made the order while this one was checked: it is the answer.
      if ((await claim(trx, scope, key, hash)) === 'replay') return undefined;
      const now = deps.clock.now();
      await refuseDuringBreak(trx, who, now);
      // The one-open-order index counts stored statuses: the player's own stale orders are closed first.
      await expireStaleOrders(trx, who);
      await checkDepositLimits(trx, who, kip, now);
      const row = await insertOrder(trx, {
        agency_id: who.agencyId,
        code: newCode(),
        player_id: who.playerId,
        provider: input.provider,
        amount_kip: kip,
        credit_satang: credit,
        rate_sell: rate.sell,
        rate_effective_at: rate.effectiveAt,
        idempotency_key: key,
        promotion_usage_id: promotionUsageId,
        // Dated by the clock the limits are judged at, so the order counts in the period it was made in.
        created_at: now,
        expires_at: new Date(now.getTime() + bounds.expiryMinutes * 60_000),
      });
      return { order: toDepositOrder(row), qr: qrOf(row, settings), replayed: false };
    });
    return created ?? (await replayed(db, who, key));
  } catch (error) {
    if (isUniqueViolation(error, 'deposit_orders_one_open')) {
      throw new AppError(409, ErrorCode.OPEN_ORDER, 'Close the open deposit order first');
    }
    throw error;
  }
}

/** The QR of one of the player's orders, built from the agency's receiving account. */
export async function depositQr(db: Database, who: PlayerRef, code: string): Promise<DepositQr> {
  const row = await playerOrder(db, who, code);
  return qrOf(row, payableSettings(await settingsOf(db, who.agencyId)));
}

/**
 * Cancels an OPEN order. The row lock makes a cancel and a payment of the same order take turns:
 * whichever comes second sees the other's outcome (a payment after the cancel is kept unmatched).
 */
export async function cancelDeposit(db: Database, who: PlayerRef, code: string): Promise<DepositOrder> {
  return db.transaction().execute(async (trx) => {
    const { row, expired } = await lockPlayerOrder(trx, who, code);
    if (row.status !== 'OPEN' || expired) {
      throw new AppError(
        409,
        ErrorCode.DEPOSIT_NOT_OPEN,
        `Deposit ${code} is ${row.status === 'OPEN' ? 'EXPIRED' : row.status}; only an open order can be cancelled`,
      );
    }
    return toDepositOrder(await transitionOrder(trx, 'cancel', row.id, sql`closed_at = now()`));
  });
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
    if (check.outcome === 'unknown')
      throw new AppError(503, ErrorCode.DEPOSIT_UNAVAILABLE, `The payment gateway did not answer (${check.reason})`);
    if (check.outcome === 'unpaid') {
      if (row.status === 'OPEN')
        throw new AppError(409, ErrorCode.DEPOSIT_NOT_PAID, 'Not paid yet: scan the QR with your banking app and pay');
      return toDepositOrder(row);
    }
    await applyPayment(db, who.agencyId, {
      billNumber: code,
      amountKip: check.amountKip,
      transactionId: check.transactionId,
      paidAt: check.paidAt,
    });
    row = await playerOrder(db, who, code);
  }
  if (row.status === 'PAID') {
    await creditPaidDeposit(deps, row);
    row = await playerOrder(db, who, code);
  }
  return toDepositOrder(row);
}
