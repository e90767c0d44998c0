import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';
import type { Provider } from '../../../src/contract/providers';

/** The provider_members table (a player's member name at each provider) and the pending-transfer check of a wallet. */

export interface PlayerAtProvider {
  agencyId: string;
  playerId: string;
  provider: Provider;
}

export async function memberOf(db: Database, who: PlayerAtProvider): Promise<{ member: string; registered: boolean } | undefined> {
  return db
    .selectFrom('provider_members')
    .select(['member', 'registered'])
    .where('player_id', '=', who.playerId)
    .where('provider', '=', who.provider)
    .executeTakeFirst();
}

/** Stores a new member name for the player at the provider, unless one is stored already. */
export async function insertMember(db: Database, who: PlayerAtProvider): Promise<void> {
  await db
    .insertInto('provider_members')
    .values({ player_id: who.playerId, provider: who.provider, agency_id: who.agencyId, member: `ch${randomBytes(7).toString('hex')}` })
    .onConflict((oc) => oc.columns(['player_id', 'provider']).doNothing())
    .execute();
}

export async function markMemberRegistered(db: Database, who: PlayerAtProvider): Promise<void> {
  await db
    .updateTable('provider_members')
    .set({ registered: true })
    .where('player_id', '=', who.playerId)
    .where('provider', '=', who.provider)
    .execute();
}

/** Whether a transfer into or out of the ledger account is PENDING. */
export async function hasPendingTransfer(db: Database, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('ledger_transfers')
    .select('id')
    .where('status', '=', 'PENDING')
    .where((eb) => eb.or([eb('pending_from', '=', accountId), eb('pending_to', '=', accountId)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
