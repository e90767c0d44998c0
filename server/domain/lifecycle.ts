import { sql, type RawBuilder } from 'kysely';
import type { OperatorErrorCode } from '../../contract/admin';
import { ErrorCode } from '../../contract/errors';
import { AppError } from './errors';
import type { LedgerTrx } from './ledger';

/**
 * The shape every money object's lifecycle shares: a pure transition table (from-statuses + event
 * → status, with who may cause it) and the one guarded statement that writes the status. Each
 * object's lifecycle module defines its table here and is the only writer of its status column;
 * the race matrices and docs/lifecycles.md are drawn from the same tables.
 */

export interface Transition<Status extends string> {
  from: readonly Status[];
  to: Status;
  /** Who may cause it, for the race tests and the docs. */
  by: readonly string[];
}

export interface Lifecycle<Status extends string, Event extends string> {
  /** The object in the product's words, for the docs. */
  title: string;
  /** Its table, whose status column only its lifecycle module writes. */
  table: string;
  /** The statuses it is created in. */
  initial: readonly Status[];
  /** The error code of a transition refused because the object is in another status (409). */
  refusal: ErrorCode | OperatorErrorCode;
  events: readonly Event[];
  transitions: Readonly<Record<Event, Transition<Status>>>;
  /** The status `event` moves an object in `status` to, or undefined when the event cannot happen to it. */
  next(status: Status, event: Event): Status | undefined;
}

export function defineLifecycle<Status extends string, Event extends string>(spec: {
  title: string;
  table: string;
  initial: readonly Status[];
  refusal: ErrorCode | OperatorErrorCode;
  transitions: Readonly<Record<Event, Transition<Status>>>;
}): Lifecycle<Status, Event> {
  const events = Object.keys(spec.transitions) as Event[];
  return {
    ...spec,
    events,
    next: (status, event) => (spec.transitions[event].from.includes(status) ? spec.transitions[event].to : undefined),
  };
}

/** The values of the other columns a transition writes, by column; a RawBuilder is written as SQL (`now()`). */
export type TransitionSet = Record<string, unknown>;

/**
 * The one statement that writes a lifecycle's status for one object: `UPDATE t SET status = :to,
 * ... WHERE id = :id AND status IN (:from) RETURNING *`. Undefined when the object was not in a
 * from-status: the caller answers 409 with the status it is in, never a silent success.
 */
export async function moveStatus<Row, Status extends string, Event extends string>(
  trx: LedgerTrx,
  lifecycle: Lifecycle<Status, Event>,
  event: Event,
  id: string,
  set: TransitionSet = {},
): Promise<Row | undefined> {
  const { from, to } = lifecycle.transitions[event];
  const columns: RawBuilder<unknown>[] = [
    sql`status = ${to}`,
    ...Object.entries(set).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
  ];
  const { rows } = await sql<Row>`UPDATE ${sql.table(lifecycle.table)} SET ${sql.join(columns)}
    WHERE id = ${id} AND status IN (${sql.join(from)}) RETURNING *`.execute(trx);
  return rows[0];
}

/** Moves one object by the event, or answers 409 (the lifecycle's refusal) naming the status it is in; 404 when there is none. */
export async function transition<Row, Status extends string, Event extends string>(
  trx: LedgerTrx,
  lifecycle: Lifecycle<Status, Event>,
  event: Event,
  id: string,
  set: TransitionSet = {},
): Promise<Row> {
  const moved = await moveStatus<Row, Status, Event>(trx, lifecycle, event, id, set);
  if (moved) return moved;
  const { rows } = await sql<{ status: string }>`SELECT status FROM ${sql.table(lifecycle.table)} WHERE id = ${id}`.execute(trx);
  if (!rows[0]) throw new AppError(404, ErrorCode.NOT_FOUND, `No such ${lifecycle.title.toLowerCase()}`);
  throw new AppError(409, lifecycle.refusal, `${lifecycle.title} ${id} is ${rows[0].status}: it cannot ${event}`);
}
