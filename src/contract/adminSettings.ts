import { Type, type Static } from 'typebox';
import { ReasonSchema } from './admin';
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

export const DepositLimitsSchema = Type.Object({ minKip: Type.Integer(), maxKip: Type.Integer() });
export type DepositLimits = Static<typeof DepositLimitsSchema>;

export const AgencySettingsSchema = Type.Object({
  name: Type.String(),
  social: AgencySocialSchema,
  site: SiteSettingsSchema,
  deposit: DepositLimitsSchema,
  /** Set per agency only when it has a receiving account; else the environment's defaults apply. */
  depositLimitsOwn: Type.Boolean(),
  /** The hosts this agency's site answers on; changed outside the console. */
  hosts: Type.Array(Type.String()),
  /** Set in the environment (WITHDRAW_*), shown read-only: THB amounts and payouts a day. */
  withdrawals: Type.Object({
    minThb: Type.String(),
    maxThb: Type.String(),
    dailyLimit: Type.Integer(),
    autoApproveThb: Type.String(),
  }),
});
export type AgencySettings = Static<typeof AgencySettingsSchema>;

export const AgencySettingsUpdateSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    social: Type.Optional(Type.Object(AgencySocialSchema.properties, { additionalProperties: false })),
    site: Type.Optional(Type.Object(SiteSettingsSchema.properties, { additionalProperties: false })),
    deposit: Type.Optional(Type.Object(DepositLimitsSchema.properties, { additionalProperties: false })),
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
  return problems;
}
