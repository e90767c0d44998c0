import { retryingDeadlocks } from '../../db/errors';
import type { WithdrawalSettings } from '../../config';
import type { Database } from '../../db/database';
import type { LaoQrGateway } from '../../adapters/payment';
import { ErrorCode } from '../../../contract/errors';
import { convertAt, formatAmount, parseAmount } from '../../../contract/money';
import { isProvider, type Provider } from '../../../contract/providers';
import { withdrawalAmountProblem, type Withdrawal, type WithdrawalLimits } from '../../../contract/withdrawals';
import { approvalsNeededFor } from '../../../contract/withdrawalReview';
import { bankAccountsOf, lockPlayer } from '../players';
import { AppError } from '../errors';
import { currentRate, withdrawalSettingsOf } from '../agencies';
import { claim, earlierClaim, requestHash, requireIdempotencyKey, scopes } from '../claims';
import { findTransfer, type LedgerTransfer } from '../ledger';
import { endUsageByWithdrawal, liveCredit, liveTurnover, usedUsageAt } from '../promotions';
import { takeCreditFromProvider, type WalletDeps } from '../providerWallets';
import type { PlayerRef } from '../players';
import {
  countToday,
  creditDepositedSinceLastWithdrawal,
  insertWithdrawal,
  toWithdrawal,
  withdrawalByCode,
  withdrawalByKey,
  withdrawalCodeTaken,
  type Trx,
  type WithdrawalRow,
} from './repository';
import {
  PAYOUT_CLEARING,
  WITHDRAWAL_TRANSFER_KIND,
  codeFor,
  intentOf,
  paidSatangOf,
  promotionSettlement,
  type FullIntent,
  type PassThroughIntent,
  type PromotionSettlement,
} from './rules';
import { claimPayout, sendPayout } from './payouts';
import { fourEyesSatangOf } from './review';

/**
 * Withdrawals: THB credit leaves the player's provider wallet into payout clearing, then the gateway
 * pays the kip it converts to at the buy rate into the player's bank account. Calls to the provider
 * and to the gateway are never inside a database transaction; each step records its intent first
 * and its outcome after, and whatever is left unknown is settled by the reconciler
 * (reconcileWithdrawals), which asks the other side and never guesses.
 *
 *   credit out (ledger WITHDRAWAL transfer, PENDING → POSTED) → OPEN (payout claimed when auto-approved)
 *   OPEN → payout sent (payout_ref) → SUCCESS, or FAILED with the credit returned
 *   OPEN → REJECTED by an operator, with the credit returned
 */

export interface WithdrawalDeps extends WalletDeps {
  gateway: LaoQrGateway;
  /** The rules of an agency that has not set its own (the environment's WITHDRAW_*). */
  defaults: WithdrawalSettings;
}

/** The agency's withdrawal rules, read at each use so an owner's change applies to the next withdrawal. */
const rulesOf = (deps: WithdrawalDeps, agencyId: string, db: Database | Trx = deps.db) => withdrawalSettingsOf(db, agencyId, deps.defaults);

async function refuseOverDailyLimit(db: Database | Trx, player: PlayerRef, dailyLimit: number): Promise<void> {
  if ((await countToday(db, player)) >= dailyLimit) {
    throw new AppError(429, ErrorCode.WITHDRAW_DAILY_LIMIT, `At most ${dailyLimit} withdrawals a day`);
  }
}

export async function withdrawalLimits(deps: WithdrawalDeps, player: PlayerRef): Promise<WithdrawalLimits> {
  const [settings, usedToday] = await Promise.all([rulesOf(deps, player.agencyId), countToday(deps.db, player)]);
  return {
    minAmount: formatAmount(settings.minSatang, 'THB'),
    maxAmount: formatAmount(settings.maxSatang, 'THB'),
    dailyLimit: settings.dailyLimit,
    usedToday,
  };
}

/**
 * The promotion conditions apply when the player's USED promotion is for the provider withdrawn
 * from, with the credit and the turnover (bets since the bonus) read live from the provider.
 * Returns the split, or null when no promotion applies.
 */
async function checkPromotionWithdrawalRules(
  deps: WalletDeps,
  player: PlayerRef,
  provider: Provider,
  amountSatang: bigint,
): Promise<PromotionSettlement | null> {
  const usage = await usedUsageAt(deps.db, player, provider);
  if (!usage) return null;
  const credit = await liveCredit(deps, player, provider);
  const turnover = await liveTurnover(deps, player, provider, usage.turnoverSince);
  return promotionSettlement(usage, credit, turnover, amountSatang);
}

/**
 * The credit the player deposited at the provider since their previous withdrawal there (one not
 * rejected or failed), and the stakes bet since the first of those deposits, read from the
 * provider's bet records as a promotion's turnover is. Nothing when no deposit came since.
 */
async function passThroughOf(deps: WalletDeps, player: PlayerRef, provider: Provider): Promise<PassThroughIntent> {
  const { db } = deps;
  const deposits = await creditDepositedSinceLastWithdrawal(db, player, provider);
  if (deposits.credit === null || deposits.since === null) return {};
  const turnover = await liveTurnover(deps, player, provider, new Date(deposits.since));
  return { depositedBeforeSatang: deposits.credit, turnoverBeforeSatang: turnover.toString() };
}

/** Every rule a new withdrawal must pass; nothing has moved yet when one fails. */
async function newIntent(
  deps: WithdrawalDeps,
  player: PlayerRef,
  provider: Provider,
  amount: bigint,
  idempotencyKey: string,
): Promise<FullIntent> {
  const { db } = deps;
  const settings = await rulesOf(deps, player.agencyId);
  const problem = withdrawalAmountProblem(amount, settings.minSatang, settings.maxSatang);
  if (problem === 'WITHDRAW_BELOW_MINIMUM') {
    throw new AppError(400, ErrorCode[problem], `The least you can withdraw is ${formatAmount(settings.minSatang, 'THB')} THB`);
  }
  if (problem === 'WITHDRAW_ABOVE_MAXIMUM') {
    throw new AppError(400, ErrorCode[problem], `The most you can withdraw at once is ${formatAmount(settings.maxSatang, 'THB')} THB`);
  }
  const [account] = await bankAccountsOf(db, player.agencyId, player.playerId);
  if (!account) throw new AppError(400, ErrorCode.BANK_ACCOUNT_REQUIRED, 'Add a bank account before withdrawing');
  const rate = await currentRate(db, player.agencyId, 'THB');
  if (!rate) throw new AppError(503, ErrorCode.EXCHANGE_RATE_MISSING, 'The agency has no THB exchange rate yet');
  // Refused early, before the provider is asked; what decides is the count under the player's lock.
  await refuseOverDailyLimit(db, player, settings.dailyLimit);
  const promotion = await checkPromotionWithdrawalRules(deps, player, provider, amount);
  const passThrough = await passThroughOf(deps, player, provider);
  return {
    ...passThrough,
    code: codeFor(player, idempotencyKey),
    idempotencyKey,
    rate: rate.buy,
    kip: convertAt('WITHDRAW', promotion?.paidSatang ?? amount, rate).toString(),
    bank: account.bank,
    accountName: account.accountName,
    accountNumber: account.accountNumber,
    ...(promotion && { promotionUsageId: promotion.usageId, retainedSatang: promotion.retainedSatang.toString() }),
  };
}

export interface WithdrawalOutcome {
  withdrawal: Withdrawal;
  /** True when the key had been used with the same request: nothing moved this time. */
  replayed: boolean;
}

/**
 * POST /withdrawals. The Idempotency-Key makes a retry safe: the same key and request give the
 * same withdrawal as it now is (and finish one whose credit was taken but not recorded); the same
 * key with another request is a 409. The daily limit is counted again under the player's lock in
 * the transaction that records the credit's transfer, so requests at once cannot all pass it.
 */
export async function requestWithdrawal(
  deps: WithdrawalDeps,
  player: PlayerRef,
  body: { provider: string; amount: string },
  idempotencyKey: string | undefined,
): Promise<WithdrawalOutcome> {
  const { db } = deps;
  const key = requireIdempotencyKey(idempotencyKey);
  if (!isProvider(body.provider)) throw new AppError(400, ErrorCode.UNKNOWN_PROVIDER, `No game provider ${body.provider}`);
  const provider = body.provider;
  const amount = parseAmount(body.amount, 'THB');
  if (amount === undefined || amount <= 0n)
    throw new AppError(400, ErrorCode.INVALID_AMOUNT, 'The amount is THB with at most 2 decimals, above 0, like "1500.00"');
  const scope = scopes.playerWithdrawals(player);
  const hash = requestHash(provider, amount.toString());
  const ledgerKey = `withdrawal:${player.playerId}:${key}`;

  let refs: Record<string, string>;
  let withinDailyLimit: ((trx: Trx) => Promise<void>) | undefined;
  // A replay is answered before the rules below: the first request passed them, and they may have changed since.
  if (await earlierClaim(db, scope, key, hash)) {
    const recorded = await withdrawalByKey(db, player, key);
    if (recorded) return { withdrawal: toWithdrawal(recorded), replayed: true };
    // The claim was made with the credit's transfer: finished below with the intent it was begun with.
    const begun = await findTransfer(db, player.agencyId, ledgerKey);
    if (!begun) throw new Error(`withdrawal key ${key} is claimed without its transfer`);
    refs = begun.refs;
  } else {
    refs = { ...(await newIntent(deps, player, provider, amount, key)) };
    withinDailyLimit = async (trx) => {
      await lockPlayer(trx, player);
      // A copy of this request began the transfer first: it was counted then, and is replayed now.
      if ((await claim(trx, scope, key, hash)) === 'replay') return;
      await refuseOverDailyLimit(trx, player, (await rulesOf(deps, player.agencyId, trx)).dailyLimit);
    };
  }

  const taken = await takeCreditFromProvider(
    deps,
    { ...player, provider, amount, key: ledgerKey, kind: WITHDRAWAL_TRANSFER_KIND, to: PAYOUT_CLEARING, refs },
    withinDailyLimit,
  );
  // A refused transfer is final for this key, whose every retry replays it: a 4xx, so the client's
  // next request takes a new key (after a 5xx it would send this one again, for ever).
  if (taken.status === 'VOIDED') {
    throw taken.failureCode === 'INSUFFICIENT_BALANCE'
      ? new AppError(409, ErrorCode.INSUFFICIENT_CREDIT, 'The credit at the provider is not enough')
      : new AppError(409, ErrorCode.WITHDRAW_REJECTED, `The game provider refused the transfer (${taken.failureCode}); nothing was taken`);
  }
  if (taken.status === 'PENDING') {
    throw new AppError(503, ErrorCode.PROVIDER_UNAVAILABLE, 'The game provider did not answer; retry with the same Idempotency-Key');
  }
  const transfer = await findTransfer(db, player.agencyId, ledgerKey);
  const { row, created } = await recordOpen(deps, transfer!);
  const settled = created && row.payout_ref !== null ? await sendPayout(deps, row) : row;
  return { withdrawal: toWithdrawal(settled), replayed: !created };
}

/**
 * Records the OPEN withdrawal of a posted WITHDRAWAL transfer (once: the code is unique). One under
 * a promotion's rules ends that usage in the same transaction, and one that is auto-approved has
 * its payout claimed there too (claimPayout), so a crash before the gateway is called leaves a
 * payout the reconciler finishes by its ref, never a withdrawal waiting for an operator. The
 * caller sends a claimed payout (sendPayout) when it created the row.
 */
export async function recordOpen(deps: WithdrawalDeps, transfer: LedgerTransfer): Promise<{ row: WithdrawalRow; created: boolean }> {
  const { db } = deps;
  const intent = intentOf(transfer);
  const created = await retryingDeadlocks(() =>
    db.transaction().execute(async (trx) => {
      const recorded = await withdrawalCodeTaken(trx, transfer.agencyId, intent.code);
      if (recorded) return undefined;
      // The usage may have ended since the rules were read (its deposit refunded, the bonus back in
      // the pool): then nothing is kept back and the whole amount is paid.
      const underPromotion = intent.promotionUsageId !== undefined && (await endUsageByWithdrawal(trx, intent.promotionUsageId));
      const row = await insertWithdrawal(trx, {
        agency_id: transfer.agencyId,
        code: intent.code,
        player_id: transfer.refs.playerId,
        provider: transfer.provider!.name,
        idempotency_key: intent.idempotencyKey,
        amount_satang: transfer.pending!.amount,
        rate: intent.rate,
        amount_kip: underPromotion ? intent.kip : convertAt('WITHDRAW', transfer.pending!.amount, { buy: intent.rate, sell: intent.rate }),
        bank: intent.bank,
        account_name: intent.accountName,
        account_number: intent.accountNumber,
        promotion_usage_id: underPromotion ? intent.promotionUsageId : null,
        promotion_retained_satang: underPromotion ? intent.retainedSatang : null,
        deposited_before_satang: intent.depositedBeforeSatang ?? null,
        turnover_before_satang: intent.turnoverBeforeSatang ?? null,
      });
      if (!row) return undefined;
      return (await autoApproves(deps, trx, row)) ? claimPayout(trx, row, 'auto-approve') : row;
    }),
  );
  if (created) return { row: created, created: true };
  const row = await withdrawalByCode(db, transfer.agencyId, intent.code);
  if (row.player_id !== transfer.refs.playerId) throw new Error(`withdrawal code ${intent.code} belongs to another player`);
  return { row, created: false };
}

/**
 * Paid out at once when the amount paid is within the agency's auto-approve limit; larger ones wait
 * for an operator, and so do those at or above the agency's four-eyes amount, which need two.
 */
async function autoApproves(deps: WithdrawalDeps, trx: Trx, row: WithdrawalRow): Promise<boolean> {
  if (paidSatangOf(row) > (await rulesOf(deps, row.agency_id, trx)).autoApproveSatang) return false;
  return approvalsNeededFor(BigInt(row.amount_satang), await fourEyesSatangOf(trx, row.agency_id)) === 1;
}
