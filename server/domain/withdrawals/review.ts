import type { Database } from '../../db/database';
import { announceAgencyChange } from '../../db/changes';
import { ErrorCode } from '../../../contract/errors';
import { formatAmount, parseAmount } from '../../../contract/money';
import type { Static } from 'typebox';
import type { AgencyWithdrawalSchema, WithdrawalApproval, WithdrawalStatus } from '../../../contract/withdrawals';
import {
  approvalsNeededFor,
  fourEyesAmountProblem,
  type RiskFlag,
  type WithdrawalReview,
  type WithdrawalReviewSettings,
} from '../../../contract/withdrawalReview';
import { appendAudit, type Actor } from '../audit';
import { mustBeSecondPerson, secondApprovalRefusal, type ApprovalRefusal, type Approver } from '../operators';
import { sharedDevices } from '../players';
import { claim, requestHash, scopes, type Claim } from '../claims';
import { AppError } from '../errors';
import { agencyWithdrawalRows, toWithdrawal, type Trx, type WithdrawalRow } from './repository';
import {
  approvalsOf,
  approversOf,
  earlierWithdrawalCount,
  insertApproval,
  recentHistory,
  reviewedWithdrawal,
  reviewSettingsOf,
  saveFourEyesAmount,
} from './reviewRepository';

/**
 * Four-eyes review: at or above the agency's four-eyes amount a withdrawal is paid out only once two
 * different operators approved it. Approvals are recorded under the withdrawal's row lock, so two
 * operators approving at once are taken one after the other.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export async function fourEyesSatangOf(db: Database | Trx, agencyId: string): Promise<bigint | null> {
  const row = await reviewSettingsOf(db, agencyId);
  return row?.four_eyes_satang == null ? null : BigInt(row.four_eyes_satang);
}

const toSettings = (satang: bigint | null): WithdrawalReviewSettings => ({
  fourEyesThb: satang === null ? null : formatAmount(satang, 'THB'),
});

export async function withdrawalReviewSettingsOf(db: Database, agencyId: string): Promise<WithdrawalReviewSettings> {
  return toSettings(await fourEyesSatangOf(db, agencyId));
}

/** An owner sets (or, with null, turns off) the four-eyes amount; a bad amount is 400 INVALID_AMOUNT and changes nothing. */
export async function setFourEyesAmount(
  db: Database,
  agencyId: string,
  fourEyesThb: string | null,
  reason: string,
  actor: Actor,
): Promise<WithdrawalReviewSettings> {
  if (fourEyesAmountProblem(fourEyesThb)) {
    throw new AppError(400, ErrorCode.INVALID_AMOUNT, 'The four-eyes amount must be THB with at most 2 decimals, 0 or more, or null');
  }
  const satang = fourEyesThb === null ? null : parseAmount(fourEyesThb, 'THB')!;
  return db.transaction().execute(async (trx) => {
    await saveFourEyesAmount(trx, agencyId, satang);
    const settings = toSettings(satang);
    await appendAudit(trx, {
      agencyId,
      actor,
      action: 'SET_WITHDRAWAL_FOUR_EYES',
      reason,
      details: { fourEyesThb: settings.fourEyesThb ?? 'off' },
    });
    await announceAgencyChange(trx, agencyId);
    return settings;
  });
}

/**
 * Records an operator's approval of a locked, undecided withdrawal, audited in the same transaction,
 * and says whether the payout may go now. An approval that is not a second person's is refused
 * (409 SECOND_APPROVER_REQUIRED or FOUR_EYES_SAME_PERSON) and records nothing.
 */
export async function recordApproval(trx: Trx, row: WithdrawalRow, actor: Actor & { operatorId: string }): Promise<boolean> {
  const earlier = await approversOf(trx, row.id);
  await mustBeSecondPerson(trx, earlier, { id: actor.operatorId, username: actor.name }, `Withdrawal ${row.code}`);
  await insertApproval(trx, row.id, actor.operatorId);
  const needed = approvalsNeededFor(BigInt(row.amount_satang), await fourEyesSatangOf(trx, row.agency_id));
  const given = earlier.length + 1;
  await appendAudit(trx, {
    agencyId: row.agency_id,
    actor,
    action: 'APPROVE_WITHDRAWAL',
    target: row.code,
    details: { amount: toWithdrawal(row).amountWithdrawn, kip: row.amount_kip, approval: `${given} of ${needed}` },
  });
  return given >= needed;
}

/** An operator's decision on a withdrawal under its Idempotency-Key: what is hashed is what a repeat must match. */
export interface Decision {
  key: string;
  action: 'approve' | 'reject';
  reason?: string;
}

/**
 * Claims the decision's key under the withdrawal's row lock, in the decision's transaction: 'replay'
 * when the same operator made this same decision with it before (the caller answers the withdrawal
 * as it now is and decides nothing), IDEMPOTENCY_CONFLICT when the key was used for anything else.
 */
export function claimDecision(trx: Trx, row: WithdrawalRow, decision: Decision, actor: Actor): Promise<Claim> {
  const hash = requestHash(decision.action, row.id, actor.operatorId ?? actor.name, decision.reason ?? '');
  return claim(trx, scopes.withdrawalDecisions(row.agency_id), decision.key, hash);
}

export interface ApprovalState {
  approvals: WithdrawalApproval[];
  approvalsNeeded: 1 | 2;
  awaitingSecondApproval: boolean;
  approvalRefusal: ApprovalRefusal | null;
}

/**
 * The approvals of these withdrawals of one agency, whether each still waits for a second operator
 * and, where it does, why the `viewer`'s approval would not count as the second.
 */
export async function approvalStatesOf(
  db: Database,
  agencyId: string,
  rows: WithdrawalRow[],
  viewer: Approver,
): Promise<Map<string, ApprovalState>> {
  const fourEyes = await fourEyesSatangOf(db, agencyId);
  const approvals = await approvalsOf(
    db,
    rows.map((row) => row.id),
  );
  return new Map(
    await Promise.all(
      rows.map(async (row): Promise<[string, ApprovalState]> => {
        const given = approvals.filter((approval) => approval.withdrawal_id === row.id);
        const approvalsNeeded = approvalsNeededFor(BigInt(row.amount_satang), fourEyes);
        const undecided = row.status === 'OPEN' && row.payout_ref === null;
        const awaitingSecondApproval = undecided && approvalsNeeded === 2 && given.length === 1;
        return [
          row.id,
          {
            approvals: given.map((approval) => ({ operator: approval.username, at: approval.created_at.toISOString() })),
            approvalsNeeded,
            awaitingSecondApproval,
            approvalRefusal: awaitingSecondApproval ? ((await secondApprovalRefusal(db, given, viewer)) ?? null) : null,
          },
        ];
      }),
    ),
  );
}

export async function approvalStateOf(db: Database, row: WithdrawalRow, viewer: Approver): Promise<ApprovalState> {
  return (await approvalStatesOf(db, row.agency_id, [row], viewer)).get(row.id)!;
}

export type AgencyWithdrawal = Static<typeof AgencyWithdrawalSchema>;

/** The agency's withdrawals as the `viewer` operator sees them, optionally of one status, newest first. */
export async function agencyWithdrawals(
  db: Database,
  agencyId: string,
  viewer: Approver,
  status: WithdrawalStatus | undefined,
  page: number,
  pageSize: number,
) {
  const { rows, total } = await agencyWithdrawalRows(db, agencyId, status, page, pageSize);
  const approvals = await approvalStatesOf(db, agencyId, rows, viewer);
  const items: AgencyWithdrawal[] = rows.map((row) => ({
    ...toWithdrawal(row),
    player: row.username,
    payoutSent: row.payout_ref !== null,
    decidedBy: row.decided_by,
    ...approvals.get(row.id)!,
  }));
  return { items, page, pageSize, total };
}

/** Other players of the agency seen on a device (fingerprint visitor id) this player used. */
async function playersSharingDevices(db: Database, agencyId: string, playerId: string): Promise<string[]> {
  const devices = await sharedDevices(db, agencyId, playerId);
  const others = devices.flatMap((device) => device.players.filter((player) => player.id !== playerId).map((player) => player.username));
  return [...new Set(others)].sort();
}

/**
 * What an operator sees beside a queued withdrawal: the player's last deposits and withdrawals,
 * their totals over the last 7 days, and the risk flags with their evidence. Another agency's code is 404.
 */
export async function withdrawalReviewOf(db: Database, agencyId: string, code: string): Promise<WithdrawalReview> {
  const withdrawal = await reviewedWithdrawal(db, agencyId, code);
  if (!withdrawal) throw new AppError(404, ErrorCode.NOT_FOUND, `No withdrawal ${code}`);
  const [history, sharing, earlier] = await Promise.all([
    recentHistory(db, agencyId, withdrawal.player_id),
    playersSharingDevices(db, agencyId, withdrawal.player_id),
    earlierWithdrawalCount(db, agencyId, withdrawal),
  ]);
  const { depositedSatang, withdrawnSatang } = history;
  const flags: RiskFlag[] = [];
  if (sharing.length > 0) flags.push({ flag: 'SHARED_DEVICE', usernames: sharing });
  // The account's age when it asked to withdraw: what the operator judges, however late they look.
  if (withdrawal.created_at.getTime() - withdrawal.registered_at.getTime() < DAY_MS) {
    flags.push({
      flag: 'NEW_ACCOUNT',
      registeredAt: withdrawal.registered_at.toISOString(),
      requestedAt: withdrawal.created_at.toISOString(),
    });
  }
  if (withdrawnSatang > depositedSatang) {
    flags.push({
      flag: 'WITHDRAWS_MORE_THAN_DEPOSITED',
      deposited: formatAmount(depositedSatang, 'THB'),
      withdrawn: formatAmount(withdrawnSatang, 'THB'),
    });
  }
  if (earlier === 0) flags.push({ flag: 'FIRST_WITHDRAWAL' });
  return {
    code: withdrawal.code,
    player: withdrawal.username,
    recentDeposits: history.recentDeposits,
    recentWithdrawals: history.recentWithdrawals,
    depositedLast7Days: formatAmount(depositedSatang, 'THB'),
    withdrawnLast7Days: formatAmount(withdrawnSatang, 'THB'),
    flags,
  };
}
