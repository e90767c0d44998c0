import { sql, type Kysely } from 'kysely';

/**
 * Who gave an operator the power to approve, and when: created them, promoted them (staff to owner)
 * or re-enabled them. Four-eyes counts people, not accounts: an operator is not a second person to
 * whoever did this for them in the last 30 days. Only operators' grants are kept (the command line
 * is nobody's second approval). Filled from the audit log, which names the operator by username.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operator_grants')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('operator_id', 'uuid', (c) => c.notNull().references('operators.id'))
    .addColumn('granted_by', 'uuid', (c) => c.notNull().references('operators.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('created', 'promoted', 'enabled')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('operator_grants_operator_idx').on('operator_grants').columns(['operator_id', 'created_at']).execute();

  await sql`INSERT INTO operator_grants (operator_id, granted_by, kind, created_at)
    SELECT operators.id, log.operator_id, grants.kind, log.created_at
    FROM operator_audit_log log
    JOIN operators ON operators.agency_id = log.agency_id AND operators.username = log.target
    CROSS JOIN LATERAL (
      SELECT 'created' AS kind WHERE log.action = 'CREATE_OPERATOR'
      UNION ALL SELECT 'promoted' WHERE log.action = 'CHANGE_OPERATOR' AND log.details->>'role' = 'staff → owner'
      UNION ALL SELECT 'enabled' WHERE log.action = 'CHANGE_OPERATOR' AND log.details->>'disabled' = 'false'
    ) grants
    WHERE log.operator_id IS NOT NULL
    ORDER BY log.id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operator_grants').execute();
}
