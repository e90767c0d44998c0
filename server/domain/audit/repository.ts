import { sql, type Kysely, type Transaction } from 'kysely';
import type { AuditLogQuery } from '../../../contract/admin';
import { vientianeDayStart } from '../../../contract/vientiane';
import type { DB } from '../../db/schema';

/** The operator audit log: its rows, appended and read. */

/** Who acted: an operator of the agency, or the command line (operatorId null). */
export interface Actor {
  operatorId: string | null;
  /** The operator's username, or cli:<machine user>. */
  name: string;
}

export interface AuditEntry {
  agencyId: string;
  actor: Actor;
  /** UPPER_SNAKE: LOGIN, LOGIN_FAILED, LOGOUT, APPROVE_WITHDRAWAL, REJECT_WITHDRAWAL, CREATE_OPERATOR. */
  action: string;
  /** What it was done to, e.g. a withdrawal code or a username. */
  target?: string;
  /** Why, in the operator's words. */
  reason?: string;
  details?: Record<string, string>;
}

/**
 * Appends one row to the operator audit log, in the caller's transaction when the action changes
 * something, so the action and its record stand or fall together. The table refuses updates and deletes.
 */
export async function appendAudit(db: Kysely<DB> | Transaction<DB>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('operator_audit_log')
    .values({
      agency_id: entry.agencyId,
      operator_id: entry.actor.operatorId,
      actor: entry.actor.name,
      action: entry.action,
      target: entry.target ?? null,
      reason: entry.reason ?? null,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}

export interface AuditRow {
  id: string;
  actor: string;
  operatorId: string | null;
  action: string;
  target: string | null;
  reason: string | null;
  details: Record<string, string>;
  at: string;
}

/**
 * The agency's audit log, newest first, filtered by who (the actor's name), what (the action),
 * about whom (the target, or the player a detail names) and when (Vientiane days, both included);
 * `before` pages on from the last id seen.
 */
export async function auditLogOf(db: Kysely<DB>, agencyId: string, query: AuditLogQuery): Promise<AuditRow[]> {
  let select = db.selectFrom('operator_audit_log').selectAll().where('agency_id', '=', agencyId);
  if (query.actor) select = select.where('actor', '=', query.actor.trim().toLowerCase());
  if (query.action) select = select.where('action', '=', query.action.trim().toUpperCase());
  if (query.target) {
    const target = query.target.trim();
    select = select.where((eb) => eb.or([eb('target', '=', target), eb(sql<string>`details->>'player'`, '=', target)]));
  }
  if (query.from) select = select.where('created_at', '>=', vientianeDayStart(query.from));
  if (query.to) select = select.where('created_at', '<', vientianeDayStart(query.to, 1));
  if (query.before) select = select.where('id', '<', query.before);
  const rows = await select.orderBy('id', 'desc').limit(query.limit).execute();
  return rows.map((row) => ({
    id: String(row.id),
    actor: row.actor,
    operatorId: row.operator_id,
    action: row.action,
    target: row.target,
    reason: row.reason,
    details: row.details,
    at: row.created_at.toISOString(),
  }));
}
