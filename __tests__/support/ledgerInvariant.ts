import { sql } from 'kysely';
import type { Database } from '../../server/db/database';

/**
 * What breaks the ledger's invariants, of one agency or all of them: a transfer whose entries do
 * not sum to zero in a currency, an account below zero that may not go negative, and an account
 * whose balance is not the sum of its entries. Tests expect it to be empty.
 */
export async function ledgerViolations(db: Database, { agencyId }: { agencyId?: string } = {}): Promise<string[]> {
  const ofAgency = (column: string) => (agencyId === undefined ? sql`TRUE` : sql`${sql.ref(column)} = ${agencyId}`);
  const unbalanced = await sql<{ transfer_id: string; currency: string }>`
    SELECT transfer_id, currency FROM ledger_entries WHERE ${ofAgency('agency_id')}
    GROUP BY transfer_id, currency HAVING sum(amount) <> 0`.execute(db);
  const negative = await sql<{ id: string }>`
    SELECT id FROM ledger_accounts WHERE ${ofAgency('agency_id')} AND NOT may_go_negative AND balance < 0`.execute(db);
  const drifted = await sql<{ id: string }>`
    SELECT a.id FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
    WHERE ${ofAgency('a.agency_id')} GROUP BY a.id, a.balance HAVING a.balance <> coalesce(sum(e.amount), 0)`.execute(db);
  return [
    ...unbalanced.rows.map((row) => `transfer ${row.transfer_id} does not balance in ${row.currency}`),
    ...negative.rows.map((row) => `account ${row.id} is below zero`),
    ...drifted.rows.map((row) => `account ${row.id} has a balance other than the sum of its entries`),
  ];
}
