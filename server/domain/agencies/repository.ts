import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { WithdrawalSettings } from '../../config';
import type { AgencySocial, SiteSettings } from '../../../contract/agency';
import { DEFAULT_SITE_SETTINGS } from './rules';

/** The agencies, the hosts that name them and their sites' settings. */

/**
 * The agency's row, locked until the transaction ends: an owner's changes of one agency's settings,
 * hosts and responsible-play rules take turns, each reading what it replaces after the one before.
 */
export async function lockAgency(trx: Transaction<DB>, agencyId: string): Promise<void> {
  await trx.selectFrom('agencies').select('id').where('id', '=', agencyId).forUpdate().executeTakeFirstOrThrow();
}

export interface Agency {
  id: string;
  name: string;
  social: AgencySocial;
}

export async function findAgencyByHost(db: Database, host: string): Promise<Agency | undefined> {
  if (!host) return undefined;
  return db
    .selectFrom('agency_domains')
    .innerJoin('agencies', 'agencies.id', 'agency_domains.agency_id')
    .select(['agencies.id', 'agencies.name', 'agencies.social'])
    .where('agency_domains.host', '=', host)
    .executeTakeFirst();
}

export async function createAgency(db: Database, name: string, hosts: string[], social: AgencySocial): Promise<Agency> {
  return db.transaction().execute(async (trx) => {
    const agency = await trx
      .insertInto('agencies')
      .values({ name, social: JSON.stringify(social) })
      .returning(['id', 'name', 'social'])
      .executeTakeFirstOrThrow();
    if (hosts.length) {
      await trx
        .insertInto('agency_domains')
        .values(hosts.map((host) => ({ host: host.toLowerCase(), agency_id: agency.id })))
        .execute();
    }
    return agency;
  });
}

/** The header numbers of an agency's site: its own row, else the defaults. */
export async function siteSettingsOf(db: Database, agencyId: string): Promise<SiteSettings> {
  const row = await db
    .selectFrom('agency_site_settings')
    .select(['signup_minutes', 'game_count'])
    .where('agency_id', '=', agencyId)
    .executeTakeFirst();
  return row ? { signUpMinutes: row.signup_minutes, gameCount: row.game_count } : DEFAULT_SITE_SETTINGS;
}

/** The agency's withdrawal rules: its own row, else the environment's defaults (WITHDRAW_*). */
export async function withdrawalSettingsOf(db: Kysely<DB>, agencyId: string, defaults: WithdrawalSettings): Promise<WithdrawalSettings> {
  const row = await db
    .selectFrom('agency_withdrawal_settings')
    .select(['min_satang', 'max_satang', 'daily_limit', 'auto_approve_satang'])
    .where('agency_id', '=', agencyId)
    .executeTakeFirst();
  if (!row) return defaults;
  return {
    minSatang: BigInt(row.min_satang),
    maxSatang: BigInt(row.max_satang),
    dailyLimit: row.daily_limit,
    autoApproveSatang: BigInt(row.auto_approve_satang),
  };
}
