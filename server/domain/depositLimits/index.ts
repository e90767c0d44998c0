import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Database } from '../../db/database';
import { ErrorCode } from '../../../contract/errors';
import {
  DEPOSIT_LIMIT_PERIODS,
  changeLimit,
  checkLimitValue,
  effectiveLimit,
  limitExceededBy,
  roomOf,
  settleLimit,
  tightestRoom,
  type DepositLimitPeriod,
  type DepositLimitsView,
  type StoredLimit,
} from '../../../contract/depositLimits';
import { AppError } from '../errors';
import { appendAudit } from '../audit';
import { lockPlayer, type PlayerRef } from '../players';
import { agencyMaximum, saveLimit, storedLimits, textOrNull, usedKip, type Db, type PerPeriod } from './repository';

/**
 * A player's deposit limits: reading them with what is used and left, changing them (written to
 * the operator audit log), and the check a new deposit order passes. The rule itself is the
 * contract's (contract/depositLimits.ts); times are the app's clock, never the database's.
 */

interface LimitsState {
  settled: PerPeriod<StoredLimit>;
  maximum: bigint | null;
  binding: PerPeriod<bigint | null>;
  used: PerPeriod<bigint>;
}

async function limitsState(db: Db, who: PlayerRef, now: Date): Promise<LimitsState> {
  const [stored, maximum, used] = await Promise.all([storedLimits(db, who), agencyMaximum(db, who.agencyId), usedKip(db, who, now)]);
  return stateOf(stored, maximum, used, now);
}

function stateOf(stored: PerPeriod<StoredLimit>, maximum: bigint | null, used: PerPeriod<bigint>, now: Date): LimitsState {
  const settled = { day: settleLimit(stored.day, now), week: settleLimit(stored.week, now), month: settleLimit(stored.month, now) };
  const binding = {
    day: effectiveLimit('day', settled.day.limit, maximum),
    week: effectiveLimit('week', settled.week.limit, maximum),
    month: effectiveLimit('month', settled.month.limit, maximum),
  };
  return { settled, maximum, binding, used };
}

function viewOf({ settled, maximum, binding, used }: LimitsState): DepositLimitsView {
  const rooms = roomOf(binding, used);
  const tightest = tightestRoom(rooms);
  return {
    limits: DEPOSIT_LIMIT_PERIODS.map((period) => {
      const { limit, pending } = settled[period];
      const room = rooms.find((entry) => entry.period === period);
      return {
        period,
        limit: textOrNull(limit),
        pending: pending ? { limit: textOrNull(pending.limit), effectiveAt: pending.effectiveAt.toISOString() } : null,
        effectiveLimit: textOrNull(binding[period]),
        used: used[period].toString(),
        remaining: room ? room.remaining.toString() : null,
      };
    }),
    agencyMaximum: textOrNull(maximum),
    tightest: tightest && { period: tightest.period, limit: tightest.limit.toString(), remaining: tightest.remaining.toString() },
  };
}

/** GET /players/deposit-limits: the limits, pending changes, and what each period has used and left. */
export async function depositLimitsOf(db: Database, who: PlayerRef, now: Date): Promise<DepositLimitsView> {
  return viewOf(await limitsState(db, who, now));
}

const describe = (limit: StoredLimit) =>
  limit.pending
    ? `${textOrNull(limit.limit) ?? 'none'}; ${textOrNull(limit.pending.limit) ?? 'none'} from ${limit.pending.effectiveAt.toISOString()}`
    : (textOrNull(limit.limit) ?? 'none');

/**
 * PUT /players/deposit-limits: each period named is changed by the contract's rule (lower at once,
 * raise or remove after 24 hours). A value that is not whole kip from 1 to the agency's maximum
 * refuses the whole request (DEPOSIT_LIMIT_INVALID) with nothing changed. One audit entry, actor
 * the player, records what was asked and what stands.
 */
export async function changeDepositLimits(
  db: Database,
  who: PlayerRef,
  change: Partial<Record<DepositLimitPeriod, unknown>>,
  now: Date,
): Promise<DepositLimitsView> {
  return db.transaction().execute(async (trx) => {
    const { username } = await lockPlayer(trx, who);
    const maximum = await agencyMaximum(trx, who.agencyId);
    const requested = DEPOSIT_LIMIT_PERIODS.flatMap((period) => {
      const value = change[period];
      if (value === undefined) return [];
      const checked = checkLimitValue(value, maximum);
      if (!checked.ok) {
        const bound = maximum === null ? 'whole kip from 1' : `whole kip from 1 to ${maximum}`;
        throw new AppError(400, ErrorCode.DEPOSIT_LIMIT_INVALID, `The ${period} limit must be ${bound}, or null for none`);
      }
      return [{ period, kip: checked.kip }];
    });
    const stored = await storedLimits(trx, who);
    const details: Record<string, string> = {};
    for (const { period, kip } of requested) {
      const next = changeLimit(stored[period], kip, now);
      stored[period] = next;
      await saveLimit(trx, who, period, next, now);
      details[period] = `asked ${textOrNull(kip) ?? 'none'}: ${describe(next)}`;
    }
    await appendAudit(trx, {
      agencyId: who.agencyId,
      actor: { operatorId: null, name: `player:${username}` },
      action: 'SET_DEPOSIT_LIMITS',
      target: username,
      details,
    });
    // What stands now is what was read and written here: only the deposits used are still to read.
    return viewOf(stateOf(stored, maximum, await usedKip(trx, who, now), now));
  });
}

/**
 * Refuses an order of `amount` kip that would take the player over a limit, with what the
 * tightest limit still allows. Called in the order's transaction after lockPlayer.
 */
export async function checkDepositLimits(trx: Transaction<DB>, who: PlayerRef, amount: bigint, now: Date): Promise<void> {
  const state = await limitsState(trx, who, now);
  const over = limitExceededBy(roomOf(state.binding, state.used), amount);
  if (!over) return;
  throw new AppError(
    409,
    ErrorCode.DEPOSIT_LIMIT_EXCEEDED,
    `Over the ${over.period} deposit limit of ${over.limit} LAK: ${over.remaining} LAK left`,
    { period: over.period, limit: over.limit.toString(), remaining: over.remaining.toString() },
  );
}
