import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { prepared, type Database } from '../../db/database';
import type { Provider } from '../../../src/contract/providers';

/** The provider_members table (a player's member name at each provider) and the pending-transfer check of a wallet. */

export interface Member {
  member: string;
  registered: boolean;
}

export interface PlayerAtProvider {
  agencyId: string;
  playerId: string;
  provider: Provider;
}

function memberRow(db: Database, who: PlayerAtProvider) {
  return db
    .selectFrom('provider_members')
    .select(['member', 'registered'])
    .where('player_id', '=', who.playerId)
    .where('provider', '=', who.provider);
}

export async function memberOf(db: Database, who: PlayerAtProvider): Promise<Member | undefined> {
  return memberRow(db, who).executeTakeFirst();
}

/**
 * The player's member at the provider, storing a new member name unless one is stored already, in
 * one statement. A member another request stored after that statement began is read on its own.
 */
export async function claimMember(db: Database, who: PlayerAtProvider): Promise<Member> {
  const inserted = db
    .insertInto('provider_members')
    .values({ player_id: who.playerId, provider: who.provider, agency_id: who.agencyId, member: `ch${randomBytes(7).toString('hex')}` })
    .onConflict((oc) => oc.columns(['player_id', 'provider']).doNothing())
    .returning(['member', 'registered']);
  const { rows } =
    await sql<Member>`${prepared} WITH inserted AS (${inserted}) SELECT * FROM inserted UNION ALL ${memberRow(db, who)}`.execute(db);
  const member = rows[0] ?? (await memberOf(db, who));
  if (!member) throw new Error('provider member row vanished');
  return member;
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
