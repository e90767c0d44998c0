import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { LedgerTables } from '../../db/schema';

/** The provider transfers the reconciler settles by asking their provider. */

/** Provider transfers left PENDING since before olderThanMs, oldest first. */
export async function pendingProviderTransfers(
  db: Database,
  olderThanMs: number,
  limit: number,
): Promise<Selectable<LedgerTables['ledger_transfers']>[]> {
  return db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('status', '=', 'PENDING')
    .where('provider', 'is not', null)
    .where(sql<boolean>`created_at < now() - ${olderThanMs} * interval '1 millisecond'`)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}
