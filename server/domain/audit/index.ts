import { csvOf } from '../csv';
import type { AuditRow } from './repository';

export { appendAudit, auditLogOf, type Actor, type AuditEntry, type AuditRow } from './repository';

/** The same rows as CSV. */
export function auditLogCsv(rows: AuditRow[]): string {
  return csvOf(
    ['id', 'at', 'actor', 'action', 'target', 'reason', 'details'],
    rows.map((row) => [row.id, row.at, row.actor, row.action, row.target ?? '', row.reason ?? '', JSON.stringify(row.details)]),
  );
}
