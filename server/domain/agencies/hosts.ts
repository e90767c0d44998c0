import type { Database } from '../../db/database';
import { announceAgencyChange } from '../../db/changes';
import { ErrorCode } from '../../../contract/errors';
import { OperatorErrorCode } from '../../../contract/admin';
import { appendAudit, type Actor } from '../audit';
import { AppError } from '../errors';
import { deleteHost, hostOwner, hostsOf, insertHost, lockAgency } from './repository';

/**
 * The hosts an agency's site answers on (agency_domains, one agency per host). Each change is an
 * owner's, audited with its reason and announced to every API process in its own transaction; the
 * agency's row is locked first so two changes at once cannot both take its last host away.
 */

/** Adds a host (already checked against HostSchema); one another agency serves is 409 HOST_IN_USE, one this agency serves changes nothing. */
export async function addAgencyHost(db: Database, agencyId: string, host: string, reason: string, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockAgency(trx, agencyId);
    const added = await insertHost(trx, agencyId, host);
    if (!added) {
      if ((await hostOwner(trx, host)) === agencyId) return;
      throw new AppError(409, OperatorErrorCode.HOST_IN_USE, `Another agency's site answers on ${host}`);
    }
    await appendAudit(trx, { agencyId, actor, action: 'ADD_AGENCY_HOST', target: host, reason });
    await announceAgencyChange(trx, agencyId);
  });
}

/**
 * Removes one of the agency's hosts: not its last one (409 LAST_HOST) nor the one the owner's
 * console is using now (409 HOST_CURRENT: the console's next request would find no agency). A host
 * the agency does not serve, another agency's included, is 404.
 */
export async function removeAgencyHost(
  db: Database,
  agencyId: string,
  host: string,
  currentHost: string,
  reason: string,
  actor: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockAgency(trx, agencyId);
    const hosts = await hostsOf(trx, agencyId);
    if (!hosts.includes(host)) throw new AppError(404, ErrorCode.NOT_FOUND, `The agency does not serve ${host}`);
    if (hosts.length === 1) throw new AppError(409, OperatorErrorCode.LAST_HOST, 'The site must keep at least one host');
    if (host === currentHost) {
      throw new AppError(
        409,
        OperatorErrorCode.HOST_CURRENT,
        `The console is open on ${host}: remove it from another of the agency's hosts`,
      );
    }
    await deleteHost(trx, agencyId, host);
    await appendAudit(trx, { agencyId, actor, action: 'REMOVE_AGENCY_HOST', target: host, reason });
    await announceAgencyChange(trx, agencyId);
  });
}
