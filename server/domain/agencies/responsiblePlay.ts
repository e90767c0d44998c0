import { announceAgencyChange } from '../../db/changes';
import type { Database } from '../../db/database';
import type { Notice, ResponsiblePlaySettings, ResponsiblePlayUpdate } from '../../../contract/responsiblePlay';
import type { RealityCheckMinutes } from '../../../contract/realityCheck';
import { LANGUAGES } from '../../../contract/languages';
import { appendAudit, type Actor } from '../audit';
import { lockAgency, saveResponsiblePlay, storedResponsiblePlay } from './repository';

/** An agency that never saved its settings gets the migration's defaults: an hourly check, no cap, no notice. */
const DEFAULT_MINUTES: RealityCheckMinutes = 60;

const noticeFrom = (stored: Partial<Notice> | undefined): Notice => ({
  lo: stored?.lo ?? '',
  cn: stored?.cn ?? '',
  vn: stored?.vn ?? '',
  th: stored?.th ?? '',
});

export async function responsiblePlaySettingsOf(db: Database, agencyId: string): Promise<ResponsiblePlaySettings> {
  const row = await storedResponsiblePlay(db, agencyId);
  return {
    notice: noticeFrom(row?.notice),
    realityCheckDefaultMinutes: (row?.reality_check_default_minutes ?? DEFAULT_MINUTES) as RealityCheckMinutes,
    ...(row?.deposit_limit_max_kip == null ? {} : { depositLimitMaxKip: Number(row.deposit_limit_max_kip) }),
  };
}

/** The licence notice the footer shows, in every site language. */
export async function noticeOf(db: Database, agencyId: string): Promise<Notice> {
  return (await responsiblePlaySettingsOf(db, agencyId)).notice;
}

/**
 * An owner's change of the notice, the reality check's default and the deposit-limit maximum,
 * written with one SET_RESPONSIBLE_PLAY audit entry naming what changed, in the same transaction.
 * The body was checked against ResponsiblePlayUpdateSchema by the route.
 */
export async function updateResponsiblePlaySettings(
  db: Database,
  agencyId: string,
  { reason, ...change }: ResponsiblePlayUpdate,
  actor: Actor,
): Promise<ResponsiblePlaySettings> {
  const notice = noticeFrom({
    lo: change.notice.lo.trim(),
    cn: change.notice.cn.trim(),
    vn: change.notice.vn.trim(),
    th: change.notice.th.trim(),
  });
  const maxKip = change.depositLimitMaxKip ?? null;
  const saved = {
    notice,
    realityCheckDefaultMinutes: change.realityCheckDefaultMinutes,
    depositLimitMaxKip: maxKip === null ? null : BigInt(maxKip),
  };
  await db.transaction().execute(async (trx) => {
    // The audit names what this change replaced, even when another owner's change came just before.
    await lockAgency(trx, agencyId);
    const before = await responsiblePlaySettingsOf(trx, agencyId);
    const changed: Record<string, string> = {};
    for (const language of LANGUAGES) if (notice[language] !== before.notice[language]) changed[`notice.${language}`] = notice[language];
    if (change.realityCheckDefaultMinutes !== before.realityCheckDefaultMinutes) {
      changed.realityCheckDefaultMinutes = String(change.realityCheckDefaultMinutes);
    }
    if (maxKip !== (before.depositLimitMaxKip ?? null)) changed.depositLimitMaxKip = String(maxKip ?? 'none');
    await saveResponsiblePlay(trx, agencyId, saved);
    await appendAudit(trx, { agencyId, actor, action: 'SET_RESPONSIBLE_PLAY', reason: reason.trim(), details: changed });
    // The notice is in every page's footer: the visitors' cached pages must go.
    await announceAgencyChange(trx, agencyId);
  });
  return responsiblePlaySettingsOf(db, agencyId);
}
