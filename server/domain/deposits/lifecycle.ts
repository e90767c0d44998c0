import { sql, type RawBuilder, type UpdateObject } from 'kysely';
import { prepared } from '../../db/database';
import type { DB } from '../../db/schema';
import { OperatorErrorCode } from '../../../contract/admin';
import type { DEPOSIT_REFUND_STATUSES, UNMATCHED_PAYMENT_STATUSES } from '../../../contract/adminDeposits';
import type { DepositStatus } from '../../../contract/deposits';
import { ErrorCode } from '../../../contract/errors';
import { AppError } from '../errors';
import { defineLifecycle, transition } from '../lifecycle';
import type { LedgerTrx } from '../ledger';
import type { RefundRow } from './refundRepository';
import type { OrderRow } from './repository';

/**
 * The lifecycles of a deposit order, an unmatched payment and a refund: each a transition table, pure,
 * and the one statement that writes its status. Every change of their status is a transition here.
 */

export type DepositOrderEvent = 'pay' | 'expire' | 'cancel' | 'refuseAmount' | 'credit' | 'startRefund' | 'refundRefused';

export const DEPOSIT_ORDER = defineLifecycle<DepositStatus, DepositOrderEvent>({
  title: 'Deposit order',
  table: 'deposit_orders',
  initial: ['OPEN'],
  refusal: ErrorCode.DEPOSIT_NOT_OPEN,
  transitions: {
    // A payment in time pays its order; an order past its expiry is still paid by a payment made before it.
    pay: { from: ['OPEN', 'EXPIRED'], to: 'PAID', by: ['webhook', 'player check'] },
    expire: { from: ['OPEN'], to: 'EXPIRED', by: ['reconciler', 'player'] },
    cancel: { from: ['OPEN'], to: 'CANCELED', by: ['player', 'break'] },
    refuseAmount: { from: ['OPEN', 'EXPIRED'], to: 'FAILED', by: ['webhook', 'player check'] },
    credit: { from: ['PAID'], to: 'SUCCESS', by: ['webhook', 'reconciler', 'operator retry', 'player check'] },
    startRefund: { from: ['PAID'], to: 'FAILED', by: ['operator refund'] },
    refundRefused: { from: ['FAILED'], to: 'PAID', by: ['gateway answer', 'reconciler'] },
  },
});

export interface OrderTransition {
  /** The other columns the transition writes, as `column = value` fragments. */
  set?: RawBuilder<unknown>;
  /** A FROM list the statement joins (values given per order). */
  from?: RawBuilder<unknown>;
  /** Which orders: the statement adds that each is in one of the event's `from` statuses. */
  where: RawBuilder<unknown>;
}

/**
 * The one statement that writes deposit_orders.status: `UPDATE ... SET status = :to WHERE ... AND
 * status IN (:from)`, returning the orders it moved; an order in another status is left as it is.
 */
export function orderTransition(event: DepositOrderEvent, { set, from, where }: OrderTransition): RawBuilder<OrderRow> {
  const { from: statuses, to } = DEPOSIT_ORDER.transitions[event];
  return sql<OrderRow>`${prepared}
    UPDATE deposit_orders SET status = ${sql.lit(to)}${set ? sql`, ${set}` : sql``}${from ? sql` FROM ${from}` : sql``}
    WHERE (${where}) AND deposit_orders.status IN (${sql.join(statuses.map((status) => sql.lit(status)))})
    RETURNING deposit_orders.*`;
}

/** Moves one order by the event, or answers 409 with the status it is in. */
export async function transitionOrder(trx: LedgerTrx, event: DepositOrderEvent, id: string, set?: RawBuilder<unknown>): Promise<OrderRow> {
  const { rows } = await orderTransition(event, { set, where: sql`deposit_orders.id = ${id}` }).execute(trx);
  if (rows[0]) return rows[0];
  const current = await trx.selectFrom('deposit_orders').select(['code', 'status']).where('id', '=', id).executeTakeFirst();
  if (!current) throw new AppError(404, ErrorCode.NOT_FOUND, 'No such deposit');
  throw new AppError(409, ErrorCode.DEPOSIT_NOT_OPEN, `Deposit ${current.code} is ${current.status}: it cannot ${event}`);
}

type UnmatchedPaymentStatus = (typeof UNMATCHED_PAYMENT_STATUSES)[number];
export type UnmatchedPaymentEvent = 'resolve' | 'refundRefused';

/** An unmatched payment's lifecycle: an operator credits or refunds it; a refund the gateway refused puts it back in the queue. */
export const UNMATCHED_PAYMENT = defineLifecycle<UnmatchedPaymentStatus, UnmatchedPaymentEvent>({
  title: 'Unmatched payment',
  table: 'deposit_unmatched_payments',
  initial: ['UNRESOLVED'],
  refusal: OperatorErrorCode.PAYMENT_ALREADY_RESOLVED,
  transitions: {
    resolve: { from: ['UNRESOLVED'], to: 'RESOLVED', by: ['operator credit', 'operator refund'] },
    refundRefused: { from: ['RESOLVED'], to: 'UNRESOLVED', by: ['gateway answer', 'reconciler'] },
  },
});

/** Moves one unmatched payment by the event; a payment found in another status answers 409 with it. */
export async function transitionPayment(
  trx: LedgerTrx,
  event: UnmatchedPaymentEvent,
  id: string,
  set: UpdateObject<DB, 'deposit_unmatched_payments'>,
): Promise<void> {
  await transition(trx, UNMATCHED_PAYMENT, event, id, set);
}

type RefundStatus = (typeof DEPOSIT_REFUND_STATUSES)[number];
export type RefundEvent = 'refunded' | 'refused' | 'askAgain';

/**
 * A refund's lifecycle: recorded PENDING with the paid transaction's ref in the transaction that
 * decides it, then refunded or refused by the gateway's answer (or the reconciler asking by ref);
 * a refused one may be asked for again, under the same ref.
 */
export const REFUND = defineLifecycle<RefundStatus, RefundEvent>({
  title: 'Refund',
  table: 'deposit_refunds',
  initial: ['PENDING'],
  refusal: OperatorErrorCode.PAYMENT_ALREADY_RESOLVED,
  transitions: {
    refunded: { from: ['PENDING'], to: 'PAID', by: ['gateway answer', 'reconciler by ref'] },
    refused: { from: ['PENDING'], to: 'FAILED', by: ['gateway answer', 'reconciler by ref'] },
    askAgain: { from: ['FAILED'], to: 'PENDING', by: ['operator refund'] },
  },
});

/** Moves one refund by the event, or answers 409 with the status it is in. */
export const transitionRefund = (trx: LedgerTrx, event: RefundEvent, id: string, set?: UpdateObject<DB, 'deposit_refunds'>) =>
  transition<RefundRow, RefundStatus, RefundEvent>(trx, REFUND, event, id, set);
