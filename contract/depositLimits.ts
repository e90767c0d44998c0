import { Type, type Static } from 'typebox';
import { VIENTIANE_OFFSET_MS } from './vientiane';
import { parseAmount } from './money';

/**
 * A player's deposit limits (responsible play): at most so much kip per day, per week (Monday to
 * Sunday) and per month, on the Asia/Vientiane calendar. Lowering a limit, or setting one where
 * there was none, applies at once; raising or removing one applies only 24 hours later, so a
 * player cannot lift a limit in the heat of the moment. The agency's maximum caps every limit and
 * is the daily limit of a player who has set none. Paid deposits and open (unpaid, unexpired)
 * orders count against a limit. The rule is written here once for the page and the server.
 */

export const DEPOSIT_LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type DepositLimitPeriod = (typeof DEPOSIT_LIMIT_PERIODS)[number];

/** How long a raise or a removal waits before it applies. */
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first instant of the Vientiane day, week (from Monday) or month that `now` falls in. */
export function periodStart(period: DepositLimitPeriod, now: Date): Date {
  const local = new Date(now.getTime() + VIENTIANE_OFFSET_MS);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  let start = midnight;
  if (period === 'week') start = midnight - ((local.getUTCDay() + 6) % 7) * DAY_MS;
  if (period === 'month') start = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  return new Date(start - VIENTIANE_OFFSET_MS);
}

/** A stored limit: the one in force and, when a raise or removal waits, what it becomes and when. */
export interface StoredLimit {
  limit: bigint | null;
  pending: { limit: bigint | null; effectiveAt: Date } | null;
}

export const NO_LIMIT: StoredLimit = { limit: null, pending: null };

/** The limit as it stands at `now`: a pending change whose 24 hours have passed has applied. */
export function settleLimit(stored: StoredLimit, now: Date): StoredLimit {
  if (stored.pending && stored.pending.effectiveAt.getTime() <= now.getTime()) return { limit: stored.pending.limit, pending: null };
  return stored;
}

/**
 * The player asks for `requested` (null: no limit). At or below the limit in force (or a first
 * limit) it applies at once and drops any pending raise; a raise or a removal waits 24 hours from
 * this request, replacing any earlier pending one.
 */
export function changeLimit(stored: StoredLimit, requested: bigint | null, now: Date): StoredLimit {
  const current = settleLimit(stored, now);
  if (requested !== null && (current.limit === null || requested <= current.limit)) return { limit: requested, pending: null };
  if (requested === null && current.limit === null) return { limit: null, pending: null };
  return { limit: current.limit, pending: { limit: requested, effectiveAt: new Date(now.getTime() + LIMIT_RAISE_DELAY_MS) } };
}

/**
 * The limit that binds: the player's own, never above the agency's maximum (which may have been
 * lowered after the player set theirs); for the day, the maximum when the player set none.
 */
export function effectiveLimit(period: DepositLimitPeriod, own: bigint | null, agencyMax: bigint | null): bigint | null {
  if (own === null) return period === 'day' ? agencyMax : null;
  return agencyMax !== null && own > agencyMax ? agencyMax : own;
}

export type LimitValueCheck = { ok: true; kip: bigint | null } | { ok: false; reason: 'notWholeKip' | 'aboveMaximum' };

/** A requested limit: null (none), or whole kip from 1 to the agency's maximum, as a string of digits. */
export function checkLimitValue(value: unknown, agencyMax: bigint | null): LimitValueCheck {
  if (value === null) return { ok: true, kip: null };
  const kip = parseAmount(value, 'LAK');
  if (kip === undefined || kip < 1n) return { ok: false, reason: 'notWholeKip' };
  if (agencyMax !== null && kip > agencyMax) return { ok: false, reason: 'aboveMaximum' };
  return { ok: true, kip };
}

export interface PeriodRoom {
  period: DepositLimitPeriod;
  limit: bigint;
  remaining: bigint;
}

/** What each limited period still lets the player deposit: its limit less what counts against it, never below 0. */
export function roomOf(limits: Record<DepositLimitPeriod, bigint | null>, used: Record<DepositLimitPeriod, bigint>): PeriodRoom[] {
  return DEPOSIT_LIMIT_PERIODS.flatMap((period) => {
    const limit = limits[period];
    if (limit === null) return [];
    const left = limit - used[period];
    return [{ period, limit, remaining: left > 0n ? left : 0n }];
  });
}

/** The period that leaves the least (the shortest period on a tie), or null with no limit at all. */
export function tightestRoom(rooms: readonly PeriodRoom[]): PeriodRoom | null {
  return rooms.reduce<PeriodRoom | null>(
    (tightest, room) => (tightest === null || room.remaining < tightest.remaining ? room : tightest),
    null,
  );
}

/** The limit a deposit of `amount` kip would go over (the tightest), or null when it fits them all. */
export function limitExceededBy(rooms: readonly PeriodRoom[], amount: bigint): PeriodRoom | null {
  const tightest = tightestRoom(rooms);
  return tightest !== null && amount > tightest.remaining ? tightest : null;
}

// The wire: amounts are whole kip as decimal strings, times ISO date-times.

const Kip = Type.String({ pattern: '^[0-9]{1,15}$' });
const NullableKip = Type.Union([Kip, Type.Null()]);

export const DepositLimitPeriodSchema = Type.Enum(DEPOSIT_LIMIT_PERIODS);

export const DepositLimitSchema = Type.Object({
  period: DepositLimitPeriodSchema,
  /** The player's own limit in force; null when none. */
  limit: NullableKip,
  /** A raise or removal waiting its 24 hours: the limit it brings (null: none) and when. */
  pending: Type.Union([Type.Object({ limit: NullableKip, effectiveAt: Type.String({ format: 'date-time' }) }), Type.Null()]),
  /** What binds now: the own limit, or for the day the agency's maximum; null when nothing does. */
  effectiveLimit: NullableKip,
  /** Paid deposits and open orders of this period. */
  used: Kip,
  /** effectiveLimit less used (never below 0); null without a limit. */
  remaining: NullableKip,
});
export type DepositLimit = Static<typeof DepositLimitSchema>;

export const DepositRoomSchema = Type.Object({ period: DepositLimitPeriodSchema, limit: Kip, remaining: Kip });
export type DepositRoom = Static<typeof DepositRoomSchema>;

/** GET /api/v2/players/deposit-limits (and the answer of PUT). */
export const DepositLimitsViewSchema = Type.Object({
  limits: Type.Array(DepositLimitSchema),
  /** The agency's maximum for any limit, also the daily limit of a player who set none; null when none. */
  agencyMaximum: NullableKip,
  /** The limit that leaves the least; null when no limit binds. */
  tightest: Type.Union([DepositRoomSchema, Type.Null()]),
});
export type DepositLimitsView = Static<typeof DepositLimitsViewSchema>;

/**
 * PUT /api/v2/players/deposit-limits: only the periods to change; a string is the new limit in
 * whole kip, null removes it. The values have no type in the schema: ajv would coerce a number
 * into a string and an empty string into null; checkLimitValue refuses anything but a string of
 * whole kip or null (DEPOSIT_LIMIT_INVALID).
 */
export const DepositLimitsChangeSchema = Type.Object(
  { day: Type.Optional(Type.Unknown()), week: Type.Optional(Type.Unknown()), month: Type.Optional(Type.Unknown()) },
  { additionalProperties: false, minProperties: 1 },
);

/** What the page sends: the periods it changes. */
export type DepositLimitsChange = Partial<Record<DepositLimitPeriod, string | null>>;

/** The params of a DEPOSIT_LIMIT_EXCEEDED refusal: the limit gone over, in kip, and what it leaves. */
export interface DepositLimitExceededParams {
  period: DepositLimitPeriod;
  limit: string;
  remaining: string;
}

export { vientianeDateTime } from './vientiane';
