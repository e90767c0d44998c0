import { sql, type RawBuilder, type UpdateObject } from 'kysely';
import { prepared } from '../../db/database';
import type { DB } from '../../db/schema';
import { OperatorErrorCode } from '../../../src/contract/admin';
import type { UNMATCHED_PAYMENT_STATUSES } from '../../../src/contract/adminDeposits';
import type { DepositStatus } from '../../../src/contract/deposits';
import { ErrorCode } from '../../../src/contract/errors';
import { AppError } from '../errors';
import type { LedgerTrx } from '../ledger';
import type { OrderRow } from './repository';

/**
 * The lifecycles of a deposit order and of an unmatched payment: each a transition table, pure,
 * and the one statement that writes its status. Every change of their status is a transition here.
 */

export const DEPOSIT_ORDER_EVENTS = ['pay', 'expire', 'cancel', 'refuseAmount', 'credit', 'startRefund', 'refundRefused'] as const;
export type DepositOrderEvent = (typeof DEPOSIT_ORDER_EVENTS)[number];

interface Transition {
  from: readonly DepositStatus[];
  to: DepositStatus;
  /** Who may cause it, for the race tests and the docs. */
  by: readonly string[];
}

export const DEPOSIT_ORDER_TRANSITIONS: Readonly<Record<DepositOrderEvent, Transition>> = {
  // A payment in time pays its order; an order past its expiry is still paid by a payment made before it.
  pay: { from: ['OPEN', 'EXPIRED'], to: 'PAID', by: ['webhook', 'player check'] },
  expire: { from: ['OPEN'], to: 'EXPIRED', by: ['reconciler', 'player'] },
  cancel: { from: ['OPEN'], to: 'CANCELED', by: ['player', 'break'] },
  refuseAmount: { from: ['OPEN', 'EXPIRED'], to: 'FAILED', by: ['webhook', 'player check'] },
  credit: { from: ['PAID'], to: 'SUCCESS', by: ['webhook', 'reconciler', 'operator retry', 'player check'] },
  startRefund: { from: ['PAID'], to: 'FAILED', by: ['operator refund'] },
  refundRefused: { from: ['FAILED'], to: 'PAID', by: ['gateway answer', 'reconciler'] },
};

/** The status an event moves an order in `status` to, or undefined when the event cannot happen to it. */
export function nextOrderStatus(status: DepositStatus, event: DepositOrderEvent): DepositStatus | undefined {
  const transition = DEPOSIT_ORDER_TRANSITIONS[event];
  return transition.from.includes(status) ? transition.to : undefined;
}

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
  const { from: statuses, to } = DEPOSIT_ORDER_TRANSITIONS[event];
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

export const UNMATCHED_PAYMENT_EVENTS = ['resolve', 'refundRefused'] as const;
export type UnmatchedPaymentEvent = (typeof UNMATCHED_PAYMENT_EVENTS)[number];

/** An unmatched payment's lifecycle: an operator credits or refunds it; a refund the gateway refused puts it back in the queue. */
export const UNMATCHED_PAYMENT_TRANSITIONS: Readonly<Record<UnmatchedPaymentEvent, PaymentTransition>> = {
  resolve: { from: ['UNRESOLVED'], to: 'RESOLVED', by: ['operator credit', 'operator refund'] },
  refundRefused: { from: ['RESOLVED'], to: 'UNRESOLVED', by: ['gateway answer', 'reconciler'] },
};

interface PaymentTransition {
  from: readonly UnmatchedPaymentStatus[];
  to: UnmatchedPaymentStatus;
  by: readonly string[];
}

/** The status an event moves an unmatched payment in `status` to, or undefined when it cannot happen. */
export function nextPaymentStatus(status: UnmatchedPaymentStatus, event: UnmatchedPaymentEvent): UnmatchedPaymentStatus | undefined {
  const transition = UNMATCHED_PAYMENT_TRANSITIONS[event];
  return transition.from.includes(status) ? transition.to : undefined;
}

/**
 * The one statement that writes deposit_unmatched_payments.status, for one payment: guarded by the
 * event's from-statuses; a payment found in another status answers 409 with it.
 */
export async function transitionPayment(
  trx: LedgerTrx,
  event: UnmatchedPaymentEvent,
  id: string,
  set: UpdateObject<DB, 'deposit_unmatched_payments'>,
): Promise<void> {
  const { from, to } = UNMATCHED_PAYMENT_TRANSITIONS[event];
  const moved = await trx
    .updateTable('deposit_unmatched_payments')
    .set({ ...set, status: to })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .returning('id')
    .executeTakeFirst();
  if (moved) return;
  const current = await trx
    .selectFrom('deposit_unmatched_payments')
    .select(['transaction_id', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) throw new AppError(404, ErrorCode.NOT_FOUND, `No unmatched payment ${id}`);
  throw new AppError(
    409,
    OperatorErrorCode.PAYMENT_ALREADY_RESOLVED,
    `Payment ${current.transaction_id} is ${current.status}: it cannot ${event}`,
  );
}
