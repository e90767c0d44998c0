import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** Who acted: an operator of the agency, or the command line (operatorId null). */
export interface Actor {
  operatorId: string | null;
  /** The operator's username, or cli:<machine user>. */
  name: string;
}

export interface AuditEntry {
  agencyId: string;
  actor: Actor;
  /** UPPER_SNAKE: LOGIN, LOGOUT, APPROVE_WITHDRAWAL, REJECT_WITHDRAWAL, CREATE_OPERATOR. */
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

/** The agency's audit log, newest first. */
export async function auditLogOf(db: Kysely<DB>, agencyId: string, limit = 200): Promise<AuditRow[]> {
  const rows = await db
    .selectFrom('operator_audit_log')
    .selectAll()
    .where('agency_id', '=', agencyId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
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
