import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { WithdrawalSettings } from '../../config';
import type { AgencySocial, SiteSettings } from '../../../contract/agency';
import type { Notice } from '../../../contract/responsiblePlay';
import { DEFAULT_SITE_SETTINGS } from './rules';

/** The agencies, the hosts that name them, and their settings: site, deposit bounds, withdrawal rules and responsible play. */

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

export async function agencyNameAndSocial(db: Database, agencyId: string): Promise<Omit<Agency, 'id'>> {
  return db.selectFrom('agencies').select(['name', 'social']).where('id', '=', agencyId).executeTakeFirstOrThrow();
}

/** Sets the name and the social links given; what is undefined is left as it is. */
export async function updateNameAndSocial(
  trx: Transaction<DB>,
  agencyId: string,
  name: string | undefined,
  social: AgencySocial | undefined,
): Promise<void> {
  await trx
    .updateTable('agencies')
    .set({ ...(name === undefined ? {} : { name }), ...(social ? { social: JSON.stringify(social) } : {}) })
    .where('id', '=', agencyId)
    .execute();
}

/** The agency's hosts in alphabetical order, as the console lists them. */
export async function hostsOf(db: Kysely<DB>, agencyId: string): Promise<string[]> {
  const rows = await db.selectFrom('agency_domains').select('host').where('agency_id', '=', agencyId).orderBy('host').execute();
  return rows.map((row) => row.host);
}

/** Adds the host to the agency; false, with nothing written, when a site already answers on it (this agency's or another's). */
export async function insertHost(trx: Transaction<DB>, agencyId: string, host: string): Promise<boolean> {
  const added = await trx
    .insertInto('agency_domains')
    .values({ host, agency_id: agencyId })
    .onConflict((oc) => oc.column('host').doNothing())
    .returning('host')
    .executeTakeFirst();
  return added !== undefined;
}

/** The id of the agency whose site answers on the host. */
export async function hostOwner(trx: Transaction<DB>, host: string): Promise<string> {
  const owner = await trx.selectFrom('agency_domains').select('agency_id').where('host', '=', host).executeTakeFirstOrThrow();
  return owner.agency_id;
}

export async function deleteHost(trx: Transaction<DB>, agencyId: string, host: string): Promise<void> {
  await trx.deleteFrom('agency_domains').where('host', '=', host).where('agency_id', '=', agencyId).execute();
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

export async function saveSiteSettings(trx: Transaction<DB>, agencyId: string, site: SiteSettings): Promise<void> {
  const values = { signup_minutes: site.signUpMinutes, game_count: site.gameCount };
  await trx
    .insertInto('agency_site_settings')
    .values({ agency_id: agencyId, ...values })
    .onConflict((oc) => oc.column('agency_id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
    .execute();
}

/** The agency's own deposit bounds (the row beside its receiving account); undefined when it has none. */
export async function ownDepositBounds(
  db: Database,
  agencyId: string,
): Promise<{ min_kip: string | null; max_kip: string | null } | undefined> {
  return db.selectFrom('agency_deposit_settings').select(['min_kip', 'max_kip']).where('agency_id', '=', agencyId).executeTakeFirst();
}

/** Changes the agency's own deposit bounds; an agency without its own row is left without one. */
export async function updateDepositBounds(
  trx: Transaction<DB>,
  agencyId: string,
  bounds: { minKip: number; maxKip: number },
): Promise<void> {
  await trx
    .updateTable('agency_deposit_settings')
    .set({ min_kip: BigInt(bounds.minKip), max_kip: BigInt(bounds.maxKip) })
    .where('agency_id', '=', agencyId)
    .execute();
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

export async function saveWithdrawalSettings(trx: Transaction<DB>, agencyId: string, settings: WithdrawalSettings): Promise<void> {
  const values = {
    min_satang: settings.minSatang,
    max_satang: settings.maxSatang,
    daily_limit: settings.dailyLimit,
    auto_approve_satang: settings.autoApproveSatang,
  };
  await trx
    .insertInto('agency_withdrawal_settings')
    .values({ agency_id: agencyId, ...values })
    .onConflict((oc) => oc.column('agency_id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
    .execute();
}

/** The agency's responsible-play row; undefined when it never saved its settings. */
export async function storedResponsiblePlay(
  db: Database,
  agencyId: string,
): Promise<
  Pick<Selectable<DB['agency_responsible_play_settings']>, 'notice' | 'reality_check_default_minutes' | 'deposit_limit_max_kip'> | undefined
> {
  return db
    .selectFrom('agency_responsible_play_settings')
    .select(['notice', 'reality_check_default_minutes', 'deposit_limit_max_kip'])
    .where('agency_id', '=', agencyId)
    .executeTakeFirst();
}

export async function saveResponsiblePlay(
  trx: Transaction<DB>,
  agencyId: string,
  settings: { notice: Notice; realityCheckDefaultMinutes: number; depositLimitMaxKip: bigint | null },
): Promise<void> {
  const values = {
    notice: JSON.stringify(settings.notice),
    reality_check_default_minutes: settings.realityCheckDefaultMinutes,
    deposit_limit_max_kip: settings.depositLimitMaxKip,
  };
  await trx
    .insertInto('agency_responsible_play_settings')
    .values({ agency_id: agencyId, ...values })
    .onConflict((oc) => oc.column('agency_id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
    .execute();
}
