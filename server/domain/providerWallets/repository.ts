import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { prepared, type Database } from '../../db/database';
import type { Provider } from '../../../contract/providers';

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
 * The players' members at the providers, storing a new member name for each that has none, in one
 * statement; answers in the order given. A member another request stored after that statement
 * began is read on its own.
 */
export async function claimMembers(db: Database, whos: PlayerAtProvider[]): Promise<Member[]> {
  const keyOf = ({ playerId, provider }: { playerId: string; provider: string }) => `${playerId}:${provider}`;
  const wanted = [...new Map(whos.map((who) => [keyOf(who), who])).values()];
  const { rows } = await sql<Member & { player_id: string; provider: string }>`${prepared}
    WITH wanted (player_id, provider, agency_id, member) AS (
      SELECT * FROM unnest(${wanted.map(({ playerId }) => playerId)}::uuid[], ${wanted.map(({ provider }) => provider)}::text[],
        ${wanted.map(({ agencyId }) => agencyId)}::uuid[], ${wanted.map(() => `ch${randomBytes(7).toString('hex')}`)}::text[])
    ),
    inserted AS (
      INSERT INTO provider_members (player_id, provider, agency_id, member) SELECT * FROM wanted
      ON CONFLICT (player_id, provider) DO NOTHING
      RETURNING player_id, provider, member, registered
    )
    SELECT * FROM inserted
    UNION ALL SELECT player_id, provider, provider_members.member, registered FROM provider_members JOIN wanted USING (player_id, provider)`.execute(
    db,
  );
  const found = new Map(rows.map((row) => [keyOf({ playerId: row.player_id, provider: row.provider }), row]));
  return Promise.all(
    whos.map(async (who) => {
      const member = found.get(keyOf(who)) ?? (await memberOf(db, who));
      if (!member) throw new Error('provider member row vanished');
      return { member: member.member, registered: member.registered };
    }),
  );
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
