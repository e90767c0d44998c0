import { sql, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { DepositTables } from '../../db/schema';
import { ErrorCode } from '../../../contract/errors';
import { laoQrFieldProblem } from '../../../contract/laoqr';
import { formatAmount, normalizeRate } from '../../../contract/money';
import type { Provider } from '../../../contract/providers';
import type { DepositOrder, DepositPage, DepositStatus } from '../../../contract/deposits';
import { AppError } from '../errors';
import type { LedgerTrx, WithSettlement } from '../ledger';
import type { PlayerRef } from '../players';
import { orderTransition } from './lifecycle';
import { creditKey } from './rules';

/** The deposit tables: orders, the agency's deposit settings and unmatched payments, and their row mapping. */

export type OrderRow = Selectable<DepositTables['deposit_orders']>;
export type SettingsRow = Selectable<DepositTables['agency_deposit_settings']>;
export type UnmatchedRow = Selectable<DepositTables['deposit_unmatched_payments']>;

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

/**
 * The status a reader sees: an OPEN order past its expiry is EXPIRED whether or not the reconciler
 * has written that yet, so reads never write.
 */
export const effectiveStatus = sql<DepositStatus>`CASE
  WHEN deposit_orders.status = 'OPEN' AND deposit_orders.expires_at <= now() THEN 'EXPIRED'
  ELSE deposit_orders.status
END`;

const orderColumns = [
  'id',
  'agency_id',
  'code',
  'player_id',
  'provider',
  'amount_kip',
  'credit_satang',
  'rate_sell',
  'rate_effective_at',
  'idempotency_key',
  'expires_at',
  'transaction_id',
  'paid_amount_kip',
  'paid_at',
  'credited_at',
  'closed_at',
  'credit_attempt',
  'failure_code',
  'promo_credit_satang',
  'promotion_usage_id',
  'created_at',
] as const;

/** The player's orders as readers see them (effective status). */
function playerOrders(db: Database, who: PlayerRef) {
  return db
    .selectFrom('deposit_orders')
    .select(orderColumns)
    .select(effectiveStatus.as('status'))
    .where('agency_id', '=', who.agencyId)
    .where('player_id', '=', who.playerId);
}

/** The player's order by code; another player's (or agency's) order is 404 like a missing one. */
export async function playerOrder(db: Database, who: PlayerRef, code: string): Promise<OrderRow> {
  const row = await playerOrders(db, who).where('code', '=', code).executeTakeFirst();
  if (!row) throw new AppError(404, ErrorCode.NOT_FOUND, `No deposit ${code}`);
  return row;
}

/** One of the player's orders as it stands: what the deposit page polls while waiting for the payment. */
export async function playerDeposit(db: Database, who: PlayerRef, code: string): Promise<DepositOrder> {
  return toDepositOrder(await playerOrder(db, who, code));
}

export async function orderByKey(db: Database, who: PlayerRef, key: string): Promise<OrderRow | undefined> {
  return playerOrders(db, who).where('idempotency_key', '=', key).executeTakeFirst();
}

/**
 * A page of the player's orders, newest first. With `after` (the code of the last order of the page
 * before) the page is read by keyset from that order on, as cheaply deep in a long history as at its
 * start; without it, by page number. `next` is the `after` of the following page, null on the last.
 */
export async function listDeposits(
  db: Database,
  who: PlayerRef,
  { page, pageSize, after }: { page: number; pageSize: number; after?: string },
): Promise<DepositPage> {
  const newestFirst = playerOrders(db, who)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize + 1);
  const [rows, count] = await Promise.all([
    after === undefined
      ? newestFirst.offset((page - 1) * pageSize).execute()
      : newestFirst
          .where((eb) =>
            eb(
              eb.refTuple('created_at', 'id'),
              '<',
              eb
                .selectFrom('deposit_orders')
                .select(['created_at', 'id'])
                .where('agency_id', '=', who.agencyId)
                .where('player_id', '=', who.playerId)
                .where('code', '=', after)
                .$asTuple('created_at', 'id'),
            ),
          )
          .execute(),
    db
      .selectFrom('deposit_orders')
      .where('agency_id', '=', who.agencyId)
      .where('player_id', '=', who.playerId)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      // With the total, whether `after` is one of the player's orders at all: looked up by its code,
      // since a filter on the count would read every order of the history from the table.
      .$if(after !== undefined, (query) =>
        query.select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('deposit_orders as cursor')
                .where('cursor.code', '=', after!)
                .where('cursor.agency_id', '=', who.agencyId)
                .where('cursor.player_id', '=', who.playerId),
            )
            .as('afterExists'),
        ),
      )
      .executeTakeFirstOrThrow(),
  ]);
  if (after !== undefined && !count.afterExists) throw new AppError(404, ErrorCode.NOT_FOUND, `No deposit ${after}`);
  const items = rows.slice(0, pageSize).map(toDepositOrder);
  return {
    items,
    page,
    pageSize,
    total: Number(count.total),
    next: rows.length > pageSize ? items[items.length - 1].code : null,
  };
}

export async function openDeposits(db: Database, who: PlayerRef): Promise<DepositOrder[]> {
  const rows = await playerOrders(db, who)
    .where('status', '=', 'OPEN')
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toDepositOrder);
}

/** What a new order is made of; the database adds its id, status and dates of later steps. */
export type NewOrder = Insertable<DepositTables['deposit_orders']>;

export async function insertOrder(trx: LedgerTrx, order: NewOrder): Promise<OrderRow> {
  return trx.insertInto('deposit_orders').values(order).returningAll().executeTakeFirstOrThrow();
}

/**
 * One of the player's orders under its row lock, and whether it is past its expiry by the
 * database's clock, the one every read of an order's expiry uses; 404 when the player has none.
 */
export async function lockPlayerOrder(trx: LedgerTrx, who: PlayerRef, code: string): Promise<{ row: OrderRow; expired: boolean }> {
  const locked = await trx
    .selectFrom('deposit_orders')
    .selectAll()
    .select(sql<boolean>`expires_at <= now()`.as('expired'))
    .where('agency_id', '=', who.agencyId)
    .where('player_id', '=', who.playerId)
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();
  if (!locked) throw new AppError(404, ErrorCode.NOT_FOUND, `No deposit ${code}`);
  const { expired, ...row } = locked;
  return { row, expired };
}

/**
 * Writes EXPIRED on open orders past their expiry (of one player before a new order, else of every
 * agency, by the reconciler); returns how many.
 */
export async function expireStaleOrders(db: Database | LedgerTrx, scope?: PlayerRef): Promise<number> {
  const ofPlayer = scope ? sql`agency_id = ${scope.agencyId} AND player_id = ${scope.playerId}` : sql`true`;
  const { rows } = await orderTransition('expire', {
    set: sql`closed_at = now()`,
    where: sql`${ofPlayer} AND expires_at <= now()`,
  }).execute(db);
  return rows.length;
}

/**
 * A break starting cancels the player's open orders (stale ones too), in the break's transaction:
 * a payment for one then goes to deposit review (payments.ts), never to a provider.
 */
export async function cancelOpenOrdersForBreak(trx: LedgerTrx, who: PlayerRef): Promise<void> {
  await orderTransition('cancel', {
    set: sql`failure_code = 'PLAYER_EXCLUDED', closed_at = now()`,
    where: sql`agency_id = ${who.agencyId} AND player_id = ${who.playerId}`,
  }).execute(trx);
}

/** Orders left PAID since before olderThanMs, oldest first. */
export async function paidOrders(db: Database, olderThanMs: number, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('deposit_orders')
    .selectAll()
    .where('status', '=', 'PAID')
    .where(sql<boolean>`paid_at < now() - ${olderThanMs} * interval '1 millisecond'`)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/**
 * The agency's orders with these codes under their row locks, taken in id order so transactions
 * that lock the same orders wait for each other instead of deadlocking.
 */
export async function lockAgencyOrdersByCode(trx: LedgerTrx, agencyId: string, codes: string[]): Promise<OrderRow[]> {
  return trx
    .selectFrom('deposit_orders')
    .selectAll()
    .where('agency_id', '=', agencyId)
    .where('code', '=', sql<string>`ANY(${codes}::text[])`)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The orders under their row locks, taken in id order (as lockAgencyOrdersByCode). */
export async function lockOrdersById(trx: LedgerTrx, ids: string[]): Promise<OrderRow[]> {
  return trx
    .selectFrom('deposit_orders')
    .selectAll()
    .where('id', '=', sql<string>`ANY(${ids}::uuid[])`)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** One of the agency's orders by code under its row lock; undefined when the agency has none. */
export async function lockAgencyOrder(trx: LedgerTrx, agencyId: string, code: string): Promise<OrderRow | undefined> {
  return trx
    .selectFrom('deposit_orders')
    .selectAll()
    .where('agency_id', '=', agencyId)
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();
}

export async function orderById(trx: LedgerTrx, id: string): Promise<OrderRow> {
  return trx.selectFrom('deposit_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The order's status as stored (an OPEN order past its expiry is still OPEN here). */
export async function orderStatus(db: Database, id: string): Promise<DepositStatus> {
  return (await db.selectFrom('deposit_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
}

/**
 * The orders become PAID with their payments' transaction, kip and time, in one statement for all
 * of them; returns the orders it moved.
 */
export async function markOrdersPaid(
  trx: LedgerTrx,
  payables: Array<{ order: { id: string }; payment: { transactionId: string; amountKip: bigint; paidAt: Date } }>,
): Promise<OrderRow[]> {
  const { rows } = await orderTransition('pay', {
    set: sql`transaction_id = paid.transaction_id, paid_amount_kip = paid.amount_kip, paid_at = paid.paid_at, closed_at = NULL`,
    from: sql`unnest(${payables.map(({ order }) => order.id)}::uuid[], ${payables.map(({ payment }) => payment.transactionId)}::text[],
      ${payables.map(({ payment }) => payment.amountKip.toString())}::bigint[],
      ${payables.map(({ payment }) => payment.paidAt.toISOString())}::timestamptz[]) AS paid (id, transaction_id, amount_kip, paid_at)`,
    where: sql`deposit_orders.id = paid.id`,
  }).execute(trx);
  return rows;
}

export async function setPromoCredit(trx: LedgerTrx, id: string, bonus: bigint): Promise<OrderRow> {
  return trx
    .updateTable('deposit_orders')
    .set({ promo_credit_satang: bonus })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setCreditAttempt(trx: LedgerTrx, id: string, attempt: number): Promise<OrderRow> {
  return trx.updateTable('deposit_orders').set({ credit_attempt: attempt }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Writes a refused credit's failure code and the attempt the next credit uses, only while the order
 * is still at the refused attempt.
 */
export async function recordRefusedCredit(
  db: Database,
  id: string,
  attempt: number,
  next: { creditAttempt: number; failureCode: string },
): Promise<void> {
  await db
    .updateTable('deposit_orders')
    .set({ credit_attempt: next.creditAttempt, failure_code: next.failureCode })
    .where('id', '=', id)
    .where('credit_attempt', '=', attempt)
    .execute();
}

/** The refunded order is closed with REFUNDED as its failure code (its status stays FAILED). */
export async function markOrderRefunded(trx: LedgerTrx, id: string): Promise<void> {
  await trx
    .updateTable('deposit_orders')
    .set({ failure_code: 'REFUNDED', closed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** The credits of these orders are at the provider: those still PAID become SUCCESS. */
const ordersSucceed = (where: RawBuilder<unknown>) =>
  orderTransition('credit', { set: sql`credited_at = now(), closed_at = now(), failure_code = NULL`, where });

/**
 * The orders become SUCCESS in the statement that posts their credits, each only when that
 * statement posts its own current credit (by the credit's key).
 */
export function ordersSucceedWith(orders: OrderRow[]): WithSettlement {
  const keys = orders.map((order) => creditKey(order.code, order.credit_attempt));
  return (posted) =>
    ordersSucceed(
      sql`deposit_orders.id = ANY(${orders.map(({ id }) => id)}::uuid[]) AND EXISTS (SELECT FROM ${posted} AS posted WHERE posted.refs->>'deposit' = deposit_orders.code AND posted.idempotency_key = ANY(${keys}::text[]))`,
    );
}

/** The order becomes SUCCESS if it is still PAID; undefined when it was not. */
export async function markOrderSucceeded(db: Database, id: string): Promise<OrderRow | undefined> {
  const { rows } = await ordersSucceed(sql`deposit_orders.id = ${id}`).execute(db);
  return rows[0];
}

/** What an unmatched payment is kept with; the database adds its id, status and resolution. */
export type NewUnmatchedPayment = Insertable<DepositTables['deposit_unmatched_payments']>;

/** Keeps the payment unmatched; undefined when a payment of its transaction is kept already. */
export async function insertUnmatchedPayment(trx: LedgerTrx, payment: NewUnmatchedPayment): Promise<{ id: string } | undefined> {
  return trx
    .insertInto('deposit_unmatched_payments')
    .values(payment)
    .onConflict((oc) => oc.constraint('deposit_unmatched_payments_transaction_key').doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** One of the agency's unmatched payments under its row lock; undefined when the agency has none. */
export async function lockUnmatchedPayment(trx: LedgerTrx, agencyId: string, id: string): Promise<UnmatchedRow | undefined> {
  return trx
    .selectFrom('deposit_unmatched_payments')
    .selectAll()
    .where('agency_id', '=', agencyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function markPaymentRefunded(trx: LedgerTrx, id: string): Promise<void> {
  await trx.updateTable('deposit_unmatched_payments').set({ resolution: 'REFUNDED' }).where('id', '=', id).execute();
}

export async function settingsOf(db: Database, agencyId: string): Promise<SettingsRow | undefined> {
  return db.selectFrom('agency_deposit_settings').selectAll().where('agency_id', '=', agencyId).executeTakeFirst();
}

/** The account an agency's deposit QRs pay into, and its LaoQR merchant id (MID). */
export interface ReceivingAccount {
  bankIin: string;
  accountNumber: string;
  merchantName: string;
  merchantCity: string;
  /** Null (or left out): not set yet, and no deposit is taken until it is. */
  merchantId?: string | null;
}

/**
 * The agency's receiving account as stored, with the MID (null when unset); undefined when the
 * agency has none at all.
 */
export async function receivingAccountOf(db: Database, agencyId: string): Promise<Required<ReceivingAccount> | undefined> {
  const row = await settingsOf(db, agencyId);
  return (
    row && {
      bankIin: row.bank_iin,
      accountNumber: row.account_number,
      merchantName: row.merchant_name,
      merchantCity: row.merchant_city,
      merchantId: row.merchant_id,
    }
  );
}

/**
 * Refuses, before anything is written, a value the QR cannot carry: a bad MID is
 * MERCHANT_ID_INVALID, another bad field VALIDATION_ERROR (the rules are LaoQR's, contract/laoqr.ts).
 */
export function checkReceivingAccount(account: ReceivingAccount): void {
  if (account.merchantId !== undefined && account.merchantId !== null) {
    const problem = laoQrFieldProblem('merchantId', account.merchantId);
    if (problem) throw new AppError(400, ErrorCode.MERCHANT_ID_INVALID, problem);
  }
  for (const field of ['bankIin', 'accountNumber', 'merchantName', 'merchantCity'] as const) {
    const problem = laoQrFieldProblem(field, account[field]);
    if (problem) throw new AppError(400, ErrorCode.VALIDATION_ERROR, problem);
  }
}

/**
 * Sets the agency's account that deposit QRs pay into, and its MID; set per agency (the demo
 * agency is seeded). A merchantId left out keeps the one stored; null clears it.
 */
export async function setReceivingAccount(db: Database, agencyId: string, account: ReceivingAccount): Promise<void> {
  checkReceivingAccount(account);
  const values = {
    bank_iin: account.bankIin,
    account_number: account.accountNumber,
    merchant_name: account.merchantName,
    merchant_city: account.merchantCity,
    ...(account.merchantId === undefined ? {} : { merchant_id: account.merchantId }),
  };
  await db
    .insertInto('agency_deposit_settings')
    .values({ agency_id: agencyId, ...values })
    .onConflict((oc) => oc.column('agency_id').doUpdateSet(values))
    .execute();
}
