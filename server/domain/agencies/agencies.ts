import type { Database } from '../../db/database';
import type { AgencySocial } from '../../../src/contract/agency';

export interface Agency {
  id: string;
  name: string;
  social: AgencySocial;
}

/** The Host header names the agency: "Example.COM:8080" is the host example.com. */
export function hostOf(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':')[0];
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
