import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { ReasonSchema } from './admin';
import { parseAmount } from './money';
import { AgencySocialSchema, SiteSettingsSchema, type AgencySocial } from './agency';
import { SOCIAL_NETWORKS } from './socialNetworks';

/**
 * The agency's settings as the operators' console shows and changes them
 * (GET/PUT /api/v2/admin/settings/agency), and the one rule both the console's form and the
 * server check a change with.
 */

export const AGENCY_NAME_MAX = 80;
export const SOCIAL_URL_MAX = 300;
export const SIGN_UP_MINUTES = { min: 1, max: 1440 } as const;
export const GAME_COUNT = { min: 0, max: 1_000_000 } as const;
/** Whole kip; the upper bound keeps the amount exact as a JSON number. */
export const DEPOSIT_KIP = { min: 1, max: 1_000_000_000_000 } as const;
export const WITHDRAWALS_A_DAY = { min: 1, max: 1000 } as const;

/**
 * A host the agency's site answers on, as the Host header names it once lowered and stripped of its
 * port (server/domain/agencies/rules.ts hostOf): dot-separated labels of lowercase letters, digits
 * and inner hyphens (so punycode such as xn--42c6bxa.com), no scheme, port or path.
 */
export const HOST_PATTERN = '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$';
export const HostSchema = Type.String({ pattern: HOST_PATTERN, maxLength: 253 });

export function isHost(host: string): boolean {
  return Value.Check(HostSchema, host);
}

/** POST /admin/settings/agency/hosts (owners): one more host for the site, and why. */
export const AgencyHostAddSchema = Type.Object({ host: HostSchema, reason: ReasonSchema }, { additionalProperties: false });
export type AgencyHostAdd = Static<typeof AgencyHostAddSchema>;

/** DELETE /admin/settings/agency/hosts/{host} (owners): the host named by the path stops serving the site, for the reason given. */
export const AgencyHostParamsSchema = Type.Object({ host: HostSchema });
export const AgencyHostRemoveSchema = Type.Object({ reason: ReasonSchema }, { additionalProperties: false });
export type AgencyHostRemove = Static<typeof AgencyHostRemoveSchema>;

/** The agency's withdrawal rules: THB amounts like "100.00", and how many withdrawals a player may make a day. */
export const WithdrawalRulesSchema = Type.Object({
  minThb: Type.String(),
  maxThb: Type.String(),
  dailyLimit: Type.Integer(),
  autoApproveThb: Type.String(),
});
export type WithdrawalRules = Static<typeof WithdrawalRulesSchema>;

/** The agency's deposit bounds: smallest and largest order, whole kip. Not a player's own deposit limits. */
export const DepositBoundsSchema = Type.Object({ minKip: Type.Integer(), maxKip: Type.Integer() });
export type DepositBounds = Static<typeof DepositBoundsSchema>;

export const AgencySettingsSchema = Type.Object({
  name: Type.String(),
  social: AgencySocialSchema,
  site: SiteSettingsSchema,
  deposit: DepositBoundsSchema,
  /** Set per agency only when it has a receiving account; else the environment's defaults apply. */
  depositLimitsOwn: Type.Boolean(),
  /** The hosts this agency's site answers on. */
  hosts: Type.Array(Type.String()),
  /** The agency's own withdrawal rules; an agency that never set them follows the environment's (WITHDRAW_*). */
  withdrawals: WithdrawalRulesSchema,
});
export type AgencySettings = Static<typeof AgencySettingsSchema>;

export const AgencySettingsUpdateSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    social: Type.Optional(Type.Object(AgencySocialSchema.properties, { additionalProperties: false })),
    site: Type.Optional(Type.Object(SiteSettingsSchema.properties, { additionalProperties: false })),
    deposit: Type.Optional(Type.Object(DepositBoundsSchema.properties, { additionalProperties: false })),
    withdrawals: Type.Optional(
      Type.Object(
        {
          minThb: Type.String({ maxLength: 40 }),
          maxThb: Type.String({ maxLength: 40 }),
          dailyLimit: Type.Integer(),
          autoApproveThb: Type.String({ maxLength: 40 }),
        },
        { additionalProperties: false },
      ),
    ),
    reason: ReasonSchema,
  },
  { additionalProperties: false },
);
export type AgencySettingsUpdate = Static<typeof AgencySettingsUpdateSchema>;

/** Which field of a change is wrong (a dotted path such as social.line or deposit.minKip) and why (a key of the console's texts). */
export interface SettingsProblem {
  field: string;
  problem: string;
}

/** http(s), a host of letters, digits, dots or hyphens (an optional port), then any path without spaces. */
const SOCIAL_URL = /^https?:\/\/[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** An http(s) URL, or empty: the site hides a channel without one. */
export function socialLinkProblem(link: string): string | undefined {
  if (link === '') return undefined;
  return link.length <= SOCIAL_URL_MAX && SOCIAL_URL.test(link) ? undefined : 'agencySettings.urlInvalid';
}

export function wholeNumberProblem(value: number, range: { min: number; max: number }): string | undefined {
  return Number.isSafeInteger(value) && value >= range.min && value <= range.max ? undefined : 'agencySettings.numberInvalid';
}

/** Every problem of a change, none when it may be written as it is. */
export function agencySettingsProblems(change: Omit<AgencySettingsUpdate, 'reason'>): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  const add = (field: string, problem: string | undefined) => problem && problems.push({ field, problem });
  if (change.name !== undefined) {
    const name = change.name.trim();
    add('name', name === '' || name.length > AGENCY_NAME_MAX ? 'agencySettings.nameInvalid' : undefined);
  }
  if (change.social) {
    const social: AgencySocial = change.social;
    for (const network of SOCIAL_NETWORKS) add(`social.${network}`, socialLinkProblem(social[network]));
  }
  if (change.site) {
    add('site.signUpMinutes', wholeNumberProblem(change.site.signUpMinutes, SIGN_UP_MINUTES));
    add('site.gameCount', wholeNumberProblem(change.site.gameCount, GAME_COUNT));
  }
  if (change.deposit) {
    const before = problems.length;
    add('deposit.minKip', wholeNumberProblem(change.deposit.minKip, DEPOSIT_KIP));
    add('deposit.maxKip', wholeNumberProblem(change.deposit.maxKip, DEPOSIT_KIP));
    if (problems.length === before && change.deposit.minKip > change.deposit.maxKip) add('deposit.maxKip', 'agencySettings.minAboveMax');
  }
  if (change.withdrawals) for (const problem of withdrawalRulesProblems(change.withdrawals)) problems.push(problem);
  return problems;
}

/**
 * What is wrong with withdrawal rules: the least above 0 and at most the most one withdrawal may
 * take, 1 to 1000 withdrawals a day, and an auto-approve amount (0 or more) no larger than that most.
 */
export function withdrawalRulesProblems(rules: WithdrawalRules): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  const min = parseAmount(rules.minThb, 'THB');
  const max = parseAmount(rules.maxThb, 'THB');
  const autoApprove = parseAmount(rules.autoApproveThb, 'THB');
  if (min === undefined || min <= 0n) problems.push({ field: 'withdrawals.minThb', problem: 'agencySettings.amountInvalid' });
  if (max === undefined || max <= 0n) problems.push({ field: 'withdrawals.maxThb', problem: 'agencySettings.amountInvalid' });
  else if (min !== undefined && min > max) problems.push({ field: 'withdrawals.maxThb', problem: 'agencySettings.minAboveMax' });
  const daily = wholeNumberProblem(rules.dailyLimit, WITHDRAWALS_A_DAY);
  if (daily) problems.push({ field: 'withdrawals.dailyLimit', problem: daily });
  if (autoApprove === undefined) problems.push({ field: 'withdrawals.autoApproveThb', problem: 'agencySettings.amountInvalid' });
  else if (max !== undefined && autoApprove > max)
    problems.push({ field: 'withdrawals.autoApproveThb', problem: 'agencySettings.autoApproveAboveMax' });
  return problems;
}
