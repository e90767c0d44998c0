import type { Kysely, Transaction } from 'kysely';
import { ErrorCode } from '../../../contract/errors';
import type { DB } from '../../db/schema';
import { AppError } from '../errors';
import { peopleBehind } from './repository';

/** For this long an operator is not a second person to whoever created, promoted or re-enabled them. */
export const FOUR_EYES_GRANT_DAYS = 30;

export interface Approver {
  id: string;
  username: string;
}

/** Why an approval is not a second person's: the earlier approver it clashes with, and the person behind both. */
export interface ApprovalRefusal {
  code: typeof ErrorCode.SECOND_APPROVER_REQUIRED | typeof ErrorCode.FOUR_EYES_SAME_PERSON;
  params: { operator: string; person: string };
}

/**
 * The four-eyes rule of every decision that needs two approvals: `approver` is refused when they
 * gave one of the `earlier` approvals (SECOND_APPROVER_REQUIRED), or when one person stands behind
 * their account and an earlier approver's (FOUR_EYES_SAME_PERSON): in the last 30 days one of the
 * two created, promoted or re-enabled the other, or one operator did so for both, directly or
 * through accounts they made. Otherwise undefined: the approval counts.
 */
export async function secondApprovalRefusal(
  db: Kysely<DB> | Transaction<DB>,
  earlier: Approver[],
  approver: Approver,
): Promise<ApprovalRefusal | undefined> {
  const same = earlier.find((first) => first.id === approver.id);
  if (same) return { code: ErrorCode.SECOND_APPROVER_REQUIRED, params: { operator: same.username, person: same.username } };
  if (earlier.length === 0) return undefined;
  const behind = await peopleBehind(db, [approver.id, ...earlier.map((first) => first.id)], FOUR_EYES_GRANT_DAYS);
  const behindApprover = new Set(behind.filter((row) => row.operator_id === approver.id).map((row) => row.person_id));
  for (const first of earlier) {
    const shared = behind
      .filter((row) => row.operator_id === first.id && behindApprover.has(row.person_id))
      .sort((a, b) => a.person.localeCompare(b.person));
    // Named by the closest link: one of the two approvers themselves before anyone further back.
    const named = shared.find((row) => row.person_id === first.id) ?? shared.find((row) => row.person_id === approver.id) ?? shared[0];
    if (named) return { code: ErrorCode.FOUR_EYES_SAME_PERSON, params: { operator: first.username, person: named.person } };
  }
  return undefined;
}

/** Throws the refusal (HTTP 409) of an approval that is not a second person's; `what` names the decision. */
export async function mustBeSecondPerson(
  db: Kysely<DB> | Transaction<DB>,
  earlier: Approver[],
  approver: Approver,
  what: string,
): Promise<void> {
  const refusal = await secondApprovalRefusal(db, earlier, approver);
  if (refusal?.code === ErrorCode.SECOND_APPROVER_REQUIRED) {
    throw new AppError(409, refusal.code, `${what} needs a second approval by another operator`, refusal.params);
  }
  if (refusal) {
    throw new AppError(
      409,
      refusal.code,
      `${what} needs a second approval by another person: ${refusal.params.person} created, promoted or re-enabled ${approver.username} or ${refusal.params.operator} within ${FOUR_EYES_GRANT_DAYS} days`,
      refusal.params,
    );
  }
}
