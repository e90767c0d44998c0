import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { ErrorCode } from '../../../contract/errors';
import { formatAmount } from '../../../contract/money';
import { isProvider, type Provider } from '../../../contract/providers';
import { bonusFor, turnoverRequiredFor, type PromotionUsage } from '../../../contract/promotions';
import { claim, requestHash, scopes } from '../claims';
import { AppError } from '../errors';
import { bankAccountsOf, isBlocked, lockPlayer } from '../players';
import { balanceOf, lockAccount, postTransfer, type LedgerTrx } from '../ledger';
import { ensureMember, readCredit, takeCreditFromProvider, withProvider, type WalletDeps } from '../providerWallets';
import { bonusOf, promotionOf, promotionRow } from './repository';
import {
  hasDepositIn,
  hasHadBonusOf,
  insertUsage,
  lockUsage,
  recordCancelTake,
  toUsage,
  updateUsedUsage,
  usageById,
  usageDepositStatus,
  usageInProgress,
} from './usageRepository';
import { completeUnlessCancelling, ending, moveUsage, transitionUsage } from './lifecycle';
import type { PlayerRef } from '../players';
import { appendAudit, type Actor } from '../audit';
import { BONUS_POOL, CAPITAL_THB, isLive, notCancelable, refuse } from './rules';

/**
 * Promotions (docs/promotions.md): a player takes one promotion at a time for one provider (a
 * usage, ACTIVE), deposits its set amount and gets the bonus from the agency's bonus pool with the
 * deposit's credit (USED), then plays the turnover. A recheck, a withdrawal or a cancel ends it.
 * Every rule refuses with a code and changes nothing; the one-in-progress rule is checked in the
 * player's turn and backed by a unique index, so two "use" calls racing give one usage.
 */

/** What an operator funded the pool with, and why: the console's funding writes one audit entry. */
export interface FundingAudit {
  actor: Actor;
  reason: string;
}

/**
 * Moves the operator's own THB into the bonus pool; the key makes a repeated call move it once (and
 * audit it once). Returns the pool's balance after it, and whether the key had moved the money already.
 */
export async function fundBonusPool(
  db: Database,
  agencyId: string,
  satang: bigint,
  key: string,
  by: string,
  audit?: FundingAudit,
): Promise<{ balance: bigint; replayed: boolean }> {
  if (satang <= 0n) throw new AppError(400, ErrorCode.INVALID_AMOUNT, 'The amount to fund must be above 0');
  return db.transaction().execute(async (trx) => {
    if ((await claim(trx, scopes.bonusPoolFunding(agencyId), key, requestHash(satang.toString(), by))) === 'replay') {
      return { balance: await bonusPoolBalance(trx, agencyId), replayed: true };
    }
    // A funding made before its key was claimed here is still the ledger's replay.
    const { replayed } = await postTransfer(trx, {
      agencyId,
      key,
      kind: 'BONUS_POOL_FUNDING',
      entries: [
        { account: CAPITAL_THB, amount: -satang },
        { account: BONUS_POOL, amount: satang },
      ],
      refs: { by },
    });
    if (audit && !replayed) {
      await appendAudit(trx, {
        agencyId,
        actor: audit.actor,
        action: 'FUND_BONUS_POOL',
        reason: audit.reason,
        details: { amount: formatAmount(satang, 'THB'), currency: 'THB' },
      });
    }
    return { balance: await bonusPoolBalance(trx, agencyId), replayed };
  });
}

/** The bonus pool's balance in satang, from its ledger account. */
export async function bonusPoolBalance(db: Database | LedgerTrx, agencyId: string): Promise<bigint> {
  return balanceOf(db, agencyId, BONUS_POOL);
}

/** The player's live credit at the provider (satang); a provider that does not answer is 503. */
export function liveCredit(deps: WalletDeps, who: PlayerRef, provider: Provider): Promise<bigint> {
  return withProvider(() => readCredit(deps, { ...who, provider }));
}

/** The stakes the player bet at the provider since a moment (satang), from the provider's bet records. */
export async function liveTurnover(deps: WalletDeps, who: PlayerRef, provider: Provider, since: Date): Promise<bigint> {
  const member = await withProvider(() => ensureMember(deps, { ...who, provider }));
  const { turnover } = await withProvider(() => deps.providers.turnover(provider, member, since));
  return turnover;
}
/** POST /promotions/use: the rules in the order docs/promotions.md lists them, then a new ACTIVE usage. */
export async function usePromotion(
  deps: WalletDeps,
  who: PlayerRef,
  request: { promotionId: string; providerId: string },
): Promise<PromotionUsage> {
  const { db } = deps;
  if (!isProvider(request.providerId)) throw refuse(400, ErrorCode.UNKNOWN_PROVIDER, `No game provider ${request.providerId}`);
  const provider = request.providerId;
  const promotion = await promotionRow(db, who.agencyId, request.promotionId);
  if (await isBlocked(db, who.agencyId, who.playerId))
    throw refuse(403, ErrorCode.PLAYER_BLOCKED, 'This account is blocked from receiving promotions');
  if ((await bankAccountsOf(db, who.agencyId, who.playerId)).length === 0)
    throw refuse(409, ErrorCode.BANK_ACCOUNT_REQUIRED, 'Add a bank account before taking a promotion');
  if (!isLive(promotion)) throw refuse(409, ErrorCode.PROMOTION_INACTIVE, 'This promotion is not available now');
  if (!promotion.providers.includes(provider))
    throw refuse(422, ErrorCode.PROMOTION_PROVIDER_NOT_ALLOWED, `This promotion is not for ${provider}`);
  if (await usageInProgress(db, who))
    throw refuse(409, ErrorCode.PROMOTION_USAGE, 'A promotion is in use already: finish or cancel it first');
  if (await hasHadBonusOf(db, who, promotion.id))
    throw refuse(409, ErrorCode.PROMOTION_ALREADY_USED, 'You have used this promotion already');
  if (promotion.first_order_only) {
    if (await hasDepositIn(db, who, 'SUCCESS'))
      throw refuse(409, ErrorCode.PROMOTION_ONLY_FOR_FIRST_ORDER, 'This promotion is for a first deposit only');
  }
  if (await hasDepositIn(db, who, 'OPEN'))
    throw refuse(409, ErrorCode.CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN, 'Close the open deposit order to take a promotion');
  if ((await liveCredit(deps, who, provider)) >= BigInt(promotion.credit_threshold_satang)) {
    throw refuse(
      409,
      ErrorCode.PROMOTION_CREDIT_USED,
      `The credit at ${provider} must be below ${formatAmount(BigInt(promotion.credit_threshold_satang), 'THB')} THB`,
    );
  }
  // In the player's turn, so a usage coming back into use (a withdrawal rejected) and this take see each other.
  const created = await db.transaction().execute(async (trx) => {
    await lockPlayer(trx, who);
    if (await usageInProgress(trx, who)) throw refuse(409, ErrorCode.PROMOTION_USAGE, 'A promotion is in use already');
    return insertUsage(trx, who, promotion.id, provider);
  });
  return toUsage(await usageById(db, who, created));
}

/**
 * The promotion rules of a new deposit. With an ACTIVE usage the order takes
 * it: same provider, the set amount, the credit below the threshold; the usage's id is returned to
 * link the order. With a USED usage: another provider is refused, the same provider with credit
 * still at or above the threshold is refused, and below it the usage ends (the promotion's credit
 * is spent) and the deposit goes ahead without one.
 */
export async function promotionForDeposit(
  deps: WalletDeps,
  who: PlayerRef,
  provider: Provider,
  amountKip: bigint,
  promotionId: string | undefined,
): Promise<string | null> {
  const usage = await usageInProgress(deps.db, who);
  if (!usage) {
    if (promotionId !== undefined) throw refuse(409, ErrorCode.PROMOTION_INACTIVE, 'Take the promotion first, then deposit');
    return null;
  }
  const promotion = await promotionOf(deps.db, usage);
  const threshold = BigInt(promotion.credit_threshold_satang);
  if (usage.status === 'ACTIVE') {
    if (promotionId !== undefined && promotionId !== usage.promotion_id)
      throw refuse(409, ErrorCode.PROMOTION_USAGE, 'Another promotion is taken: deposit for that one or cancel it');
    if (provider !== usage.provider) throw refuse(409, ErrorCode.PROMOTION_USAGE, `The promotion taken is for ${usage.provider}`);
    if (amountKip !== BigInt(promotion.deposit_amount_kip)) {
      throw refuse(
        409,
        ErrorCode.PROMOTION_DEPOSIT_AMOUNT,
        `Deposit exactly ${formatAmount(BigInt(promotion.deposit_amount_kip), 'LAK')} LAK for this promotion`,
      );
    }
    if ((await liveCredit(deps, who, provider)) >= threshold)
      throw refuse(409, ErrorCode.PROMOTION_CREDIT_USED, `The credit at ${provider} must be below ${formatAmount(threshold, 'THB')} THB`);
    return usage.id;
  }
  if (promotionId !== undefined || provider !== usage.provider)
    throw refuse(409, ErrorCode.PROMOTION_USAGE, `A promotion is in use at ${usage.provider}`);
  if ((await liveCredit(deps, who, provider)) >= threshold) {
    throw refuse(
      409,
      ErrorCode.PROMOTION_CREDIT_USED,
      `A promotion is in use: deposit again once the credit is below ${formatAmount(threshold, 'THB')} THB`,
    );
  }
  await completeUnlessCancelling(deps.db, usage.id, ending('CREDIT_BELOW_THRESHOLD'));
  return null;
}

/**
 * At payment, in the payment's transaction: the bonus of the order's usage (still ACTIVE) moves
 * from the bonus pool to what the agency owes the player, beside the deposit's credit, and the
 * usage becomes USED with its turnover counted from now. When the pool cannot cover the bonus the
 * deposit is credited without it and the usage ends INACTIVE: a player's paid money is never held
 * back for a bonus. Returns the bonus credited (null: none).
 */
export async function creditPromotionBonus(
  trx: LedgerTrx,
  order: { id: string; agency_id: string; code: string; player_id: string; credit_satang: string; promotion_usage_id: string | null },
): Promise<bigint | null> {
  if (order.promotion_usage_id === null) return null;
  const usage = await lockUsage(trx, order.agency_id, order.promotion_usage_id);
  if (!usage || usage.status !== 'ACTIVE') return null;
  const promotion = await promotionOf(trx, usage);
  const credit = BigInt(order.credit_satang);
  const bonus = bonusFor(bonusOf(promotion), credit);
  const { balance } = await lockAccount(trx, order.agency_id, BONUS_POOL);
  if (balance < bonus) {
    const pool = formatAmount(balance, 'THB');
    const shortfall = `the bonus pool holds ${pool} THB, short of the ${formatAmount(bonus, 'THB')} THB bonus`;
    console.warn(`promotion usage ${usage.id}: ${shortfall} of deposit ${order.code}; credited without it`);
    await moveUsage(trx, 'promotionEnded', usage.id, ending('PROMOTION_ENDED'));
    return null;
  }
  if (bonus > 0n) {
    await postTransfer(trx, {
      agencyId: order.agency_id,
      key: `deposit:${order.code}:bonus`,
      kind: 'PROMOTION_BONUS',
      entries: [
        { account: BONUS_POOL, amount: -bonus },
        { account: { kind: 'owed_to_player', playerId: order.player_id, currency: 'THB' }, amount: bonus },
      ],
      refs: { deposit: order.code, usage: usage.id, playerId: order.player_id },
    });
  }
  const received = credit + bonus;
  await moveUsage(trx, 'deposit', usage.id, {
    deposit_order_id: order.id,
    deposit_credit_satang: credit,
    bonus_satang: bonus,
    credit_received_satang: received,
    turnover_required_satang: turnoverRequiredFor(received, promotion.turnover_multiple),
    turnover_satang: 0n,
    turnover_since: sql`now()`,
    used_at: sql`now()`,
  });
  return bonus;
}

/**
 * POST /promotions/usages/recheck. ACTIVE: ends INACTIVE when its promotion is no longer live and
 * no deposit for it is open. USED: reads the bets since the bonus; the turnover met, or the credit
 * fallen below the threshold, ends it SUCCESS; else the turnover so far is kept. Both reads come
 * before any change, so a provider that does not answer (503) leaves everything as it was.
 */
export async function recheckUsage(deps: WalletDeps, who: PlayerRef): Promise<PromotionUsage | null> {
  const { db } = deps;
  const usage = await usageInProgress(db, who);
  if (!usage) return null;
  const promotion = await promotionOf(db, usage);
  if (usage.status === 'ACTIVE') {
    if (!isLive(promotion) && usage.deposit_code === null) await moveUsage(db, 'promotionEnded', usage.id, ending('PROMOTION_ENDED'));
  } else {
    const provider = usage.provider as Provider;
    const turnover = await liveTurnover(deps, who, provider, usage.turnover_since!);
    if (turnover >= BigInt(usage.turnover_required_satang!)) {
      await completeUnlessCancelling(db, usage.id, ending('TURNOVER_MET', turnover));
    } else if ((await liveCredit(deps, who, provider)) < BigInt(promotion.credit_threshold_satang)) {
      await completeUnlessCancelling(db, usage.id, ending('CREDIT_BELOW_THRESHOLD', turnover));
    } else {
      await updateUsedUsage(db, who, usage.id, { turnover_satang: turnover });
    }
  }
  return toUsage(await usageById(db, who, usage.id));
}

/**
 * POST /promotions/usages/cancel. ACTIVE: cancelled unless its deposit order is open. USED: the
 * bonus is forfeited: what is left of it (the bonus, or less when the credit has fallen below it)
 * is taken back from the provider into the bonus pool, then the usage is CANCELED. The amount and
 * attempt are recorded before the provider is called, so a retry replays the same ledger transfer;
 * a refusal (the credit moved meanwhile) clears them for the next try.
 */
export async function cancelUsage(deps: WalletDeps, who: PlayerRef, usageId: string): Promise<PromotionUsage> {
  const { db } = deps;
  const usage = await usageById(db, who, usageId);
  if (usage.status === 'ACTIVE') {
    if (usage.deposit_code !== null) throw refuse(409, ErrorCode.OPEN_ORDER, 'Cancel or finish the open deposit order first');
    await transitionUsage(db, 'cancel', usage.id, ending('CANCELED'));
    return toUsage(await usageById(db, who, usage.id));
  }
  if (usage.status !== 'USED') throw notCancelable(usage.status);
  const provider = usage.provider as Provider;
  const credit = usage.cancel_take_satang === null ? await liveCredit(deps, who, provider) : 0n;

  const claim = await db.transaction().execute(async (trx) => {
    // Usages are never deleted: the one just read is there to lock.
    const row = (await lockUsage(trx, who.agencyId, usage.id))!;
    if (row.status !== 'USED') throw notCancelable(row.status);
    if (row.cancel_take_satang !== null) return { take: BigInt(row.cancel_take_satang), attempt: row.cancel_attempt };
    // Until the deposit's credit is at the provider the bonus is not there to take back, and a refund
    // of that deposit would return it to the pool again; a SUCCESS order stays SUCCESS, so a read will do.
    if ((await usageDepositStatus(trx, row.deposit_order_id!)) !== 'SUCCESS')
      throw refuse(
        409,
        ErrorCode.PROMOTION_DEPOSIT_CREDITING,
        'The deposit of this promotion is not at the game provider yet: cancel once it is',
      );
    const bonus = BigInt(row.bonus_satang!);
    const take = credit < bonus ? credit : bonus;
    if (take === 0n) {
      await transitionUsage(trx, 'cancel', row.id, ending('CANCELED'));
      return null;
    }
    const attempt = row.cancel_attempt + 1;
    await recordCancelTake(trx, who.agencyId, row.id, take, attempt);
    return { take, attempt };
  });

  if (claim) {
    const taken = await takeCreditFromProvider(deps, {
      ...who,
      provider,
      amount: claim.take,
      key: `promotion-cancel:${usage.id}:${claim.attempt}`,
      kind: 'PROMOTION_FORFEIT',
      to: BONUS_POOL,
      refs: { usage: usage.id },
      providerRef: `PC-${usage.id}-${claim.attempt}`,
    });
    if (taken.status === 'PENDING')
      throw refuse(503, ErrorCode.PROVIDER_UNAVAILABLE, 'The game provider did not answer; cancel again to finish');
    if (taken.status === 'VOIDED') {
      await updateUsedUsage(db, who, usage.id, { cancel_take_satang: null }, claim.attempt);
      throw refuse(409, ErrorCode.INSUFFICIENT_CREDIT, 'The credit changed while cancelling; try again');
    }
    await transitionUsage(db, 'cancel', usage.id, ending('CANCELED'));
  }
  return toUsage(await usageById(db, who, usage.id));
}
