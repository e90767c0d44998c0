import type { Database } from '../../db/database';
import type { SiteSettings } from '../../../src/contract/agency';

/** What a site advertises until its operator sets its own numbers. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = { signUpMinutes: 1, gameCount: 1000 };

/** The header numbers of an agency's site (SPEC.md section 1): its own row, else the defaults. */
export async function siteSettingsOf(db: Database, agencyId: string): Promise<SiteSettings> {
  const row = await db
    .selectFrom('agency_site_settings')
    .select(['signup_minutes', 'game_count'])
    .where('agency_id', '=', agencyId)
    .executeTakeFirst();
  return row ? { signUpMinutes: row.signup_minutes, gameCount: row.game_count } : DEFAULT_SITE_SETTINGS;
}
