import type { Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { Config } from '../../config';
import { announceAgencyChange } from '../../db/changes';
import { ErrorCode } from '../../../contract/errors';
import { OperatorErrorCode } from '../../../contract/admin';
import { formatAmount, parseAmount } from '../../../contract/money';
import { agencySettingsProblems, type AgencySettings, type AgencySettingsUpdate } from '../../../contract/adminSettings';
import { SOCIAL_NETWORKS } from '../../../contract/socialNetworks';
import { appendAudit, type Actor } from '../audit';
import { AppError } from '../errors';
import {
  agencyNameAndSocial,
  lockAgency,
  ownDepositBounds,
  saveSiteSettings,
  saveWithdrawalSettings,
  siteSettingsOf,
  hostsOf,
  updateDepositBounds,
  updateNameAndSocial,
  withdrawalSettingsOf,
} from './repository';

/** The environment's deposit bounds and withdrawal rules, for an agency without its own. */
type SettingsDefaults = Pick<Config, 'depositMinKip' | 'depositMaxKip' | 'withdrawals'>;
type Change = Omit<AgencySettingsUpdate, 'reason'>;

/** The agency's settings as the console shows them: its own values, else the environment's. */
export async function agencySettingsOf(db: Database, agencyId: string, config: SettingsDefaults): Promise<AgencySettings> {
  const [agency, site, deposit, hosts, withdrawals] = await Promise.all([
    agencyNameAndSocial(db, agencyId),
    siteSettingsOf(db, agencyId),
    ownDepositBounds(db, agencyId),
    hostsOf(db, agencyId),
    withdrawalSettingsOf(db, agencyId, config.withdrawals),
  ]);
  return {
    name: agency.name,
    social: agency.social,
    site,
    deposit: {
      minKip: Number(deposit?.min_kip ?? config.depositMinKip),
      maxKip: Number(deposit?.max_kip ?? config.depositMaxKip),
    },
    depositLimitsOwn: deposit !== undefined,
    hosts,
    withdrawals: {
      minThb: formatAmount(withdrawals.minSatang, 'THB'),
      maxThb: formatAmount(withdrawals.maxSatang, 'THB'),
      dailyLimit: withdrawals.dailyLimit,
      autoApproveThb: formatAmount(withdrawals.autoApproveSatang, 'THB'),
    },
  };
}

/** The fields a change really changes, with their new values, as the audit entry names them. */
function changedFields(before: AgencySettings, change: Change): Record<string, string> {
  const changed: Record<string, string> = {};
  const name = change.name?.trim();
  if (name !== undefined && name !== before.name) changed.name = name;
  for (const network of SOCIAL_NETWORKS) {
    if (change.social && change.social[network] !== before.social[network]) changed[`social.${network}`] = change.social[network];
  }
  for (const key of ['signUpMinutes', 'gameCount'] as const) {
    if (change.site && change.site[key] !== before.site[key]) changed[`site.${key}`] = String(change.site[key]);
  }
  for (const key of ['minKip', 'maxKip'] as const) {
    if (change.deposit && change.deposit[key] !== before.deposit[key]) changed[`deposit.${key}`] = String(change.deposit[key]);
  }
  for (const key of ['minThb', 'maxThb', 'autoApproveThb'] as const) {
    const value = change.withdrawals && formatAmount(parseAmount(change.withdrawals[key], 'THB')!, 'THB');
    if (value !== undefined && value !== before.withdrawals[key]) changed[`withdrawals.${key}`] = value;
  }
  if (change.withdrawals && change.withdrawals.dailyLimit !== before.withdrawals.dailyLimit) {
    changed['withdrawals.dailyLimit'] = String(change.withdrawals.dailyLimit);
  }
  return changed;
}

async function writeChange(trx: Transaction<DB>, agencyId: string, change: Change): Promise<void> {
  const name = change.name?.trim();
  if (name !== undefined || change.social) await updateNameAndSocial(trx, agencyId, name, change.social);
  if (change.site) await saveSiteSettings(trx, agencyId, change.site);
  if (change.deposit) await updateDepositBounds(trx, agencyId, change.deposit);
  if (change.withdrawals) {
    await saveWithdrawalSettings(trx, agencyId, {
      minSatang: parseAmount(change.withdrawals.minThb, 'THB')!,
      maxSatang: parseAmount(change.withdrawals.maxThb, 'THB')!,
      dailyLimit: change.withdrawals.dailyLimit,
      autoApproveSatang: parseAmount(change.withdrawals.autoApproveThb, 'THB')!,
    });
  }
}

/**
 * Writes an owner's change of the agency's name, links, header numbers, deposit bounds and
 * withdrawal rules, all or nothing, with one SET_AGENCY_SETTINGS audit entry naming the fields
 * that changed, and announces it to every API process. A bad field is 400 VALIDATION_ERROR;
 * deposit bounds of an agency without a receiving account are 409 RECEIVING_ACCOUNT_REQUIRED
 * (the bounds live beside it).
 */
export async function updateAgencySettings(
  db: Database,
  agencyId: string,
  { reason, ...change }: AgencySettingsUpdate,
  actor: Actor,
  config: SettingsDefaults,
): Promise<AgencySettings> {
  const [problem] = agencySettingsProblems(change);
  if (problem) throw new AppError(400, ErrorCode.VALIDATION_ERROR, `${problem.field}: ${problem.problem}`);
  await db.transaction().execute(async (trx) => {
    // The audit names what this change replaced, even when another owner's change came just before.
    await lockAgency(trx, agencyId);
    const before = await agencySettingsOf(trx, agencyId, config);
    const changed = changedFields(before, change);
    const depositChanged = Object.keys(changed).some((field) => field.startsWith('deposit.'));
    if (depositChanged && !before.depositLimitsOwn) {
      throw new AppError(409, OperatorErrorCode.RECEIVING_ACCOUNT_REQUIRED, 'Set the receiving account before the deposit limits');
    }
    await writeChange(trx, agencyId, before.depositLimitsOwn ? change : { ...change, deposit: undefined });
    await appendAudit(trx, { agencyId, actor, action: 'SET_AGENCY_SETTINGS', reason: reason.trim(), details: changed });
    await announceAgencyChange(trx, agencyId);
  });
  return agencySettingsOf(db, agencyId, config);
}
