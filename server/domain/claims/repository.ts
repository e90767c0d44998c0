import type { Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { ClaimScope } from '.';

/** The idempotency_claims table: one row per key claimed in its scope, with the hash of its request. */

/** Inserts the claim unless its key is claimed already (then waits for the claiming transaction); true when inserted. */
export async function insertClaim(trx: Transaction<DB>, scope: ClaimScope, key: string, hash: string): Promise<boolean> {
  const inserted = await trx
    .insertInto('idempotency_claims')
    .values({ agency_id: scope.agencyId, scope: scope.name, idempotency_key: key, request_hash: hash })
    .onConflict((oc) => oc.columns(['agency_id', 'scope', 'idempotency_key']).doNothing())
    .returning('idempotency_key')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The request hash the key was claimed with, undefined when it is not claimed. */
export async function claimedHash(db: Database | Transaction<DB>, scope: ClaimScope, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('idempotency_claims')
    .select('request_hash')
    .where('agency_id', '=', scope.agencyId)
    .where('scope', '=', scope.name)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row?.request_hash;
}
