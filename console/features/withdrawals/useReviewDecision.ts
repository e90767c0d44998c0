import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { useMachine } from '@xstate/react';
import { withdrawalReviewMachine } from '../../../machines/withdrawalReview.machine';
import { ErrorCode } from '../../../contract/errors';
import { useToast } from '../../../web/ui/Toast';
import { idempotencyKeys } from '../../../web/api/idempotency';
import { useApproveWithdrawalMutation, useRejectWithdrawalMutation } from '../../api/withdrawals';

/** The toast each answer gets (the keys take the withdrawal's code). */
const OUTCOME_TEXT = {
  paid: 'withdrawals.approved',
  awaitingSecond: 'withdrawalReview.awaitingSecondToast',
  rejected: 'withdrawals.rejected',
  decidedElsewhere: 'withdrawals.decidedElsewhere',
} as const;

/** The toast of an approval four-eyes refused (the row then says why, by name). */
const REFUSAL_TEXT: Partial<Record<string, string>> = {
  [ErrorCode.SECOND_APPROVER_REQUIRED]: 'withdrawalReview.secondApproverRequired',
  [ErrorCode.FOUR_EYES_SAME_PERSON]: 'withdrawalReview.samePersonToast',
};

/**
 * Approving and rejecting through the withdrawal review machine, each decision under its own
 * Idempotency-Key (kept for a retry after a lost answer). The queue refetches after every answer, a
 * 409 included, through the mutations' tags; each answer is told in a toast.
 */
export function useReviewDecision() {
  const { t } = useTranslation();
  const toast = useToast();
  const [approve] = useApproveWithdrawalMutation();
  const [reject] = useRejectWithdrawalMutation();
  const [machine] = useState(() => {
    const keyed = idempotencyKeys();
    return withdrawalReviewMachine.provide({
      actors: {
        approve: fromPromise(({ input: code }: { input: string }) =>
          keyed({ approve: code }, (idempotencyKey) => approve({ code, idempotencyKey }).unwrap()),
        ),
        reject: fromPromise(({ input }: { input: { code: string; reason: string } }) =>
          keyed({ reject: input.code, reason: input.reason }, (idempotencyKey) => reject({ ...input, idempotencyKey }).unwrap()),
        ),
      },
    });
  });
  const [snapshot, send, actor] = useMachine(machine);
  useEffect(() => {
    const subscription = actor.on('outcome', ({ outcome, code, errorCode }) => {
      if (outcome === 'failed') {
        const refusal = errorCode === null ? undefined : REFUSAL_TEXT[errorCode];
        const title = refusal ? t(refusal, { code }) : t('withdrawals.failed', { message: errorCode });
        toast({ title, status: 'error' });
        return;
      }
      const error = outcome === 'decidedElsewhere';
      toast({ title: t(OUTCOME_TEXT[outcome], { code }), status: error ? 'error' : 'success' });
    });
    return () => subscription.unsubscribe();
  }, [actor, t, toast]);
  // Stable, so the table's columns and the dialog's focus trap are not made again on every render.
  const actions = useMemo(
    () => ({
      approve: (code: string) => send({ type: 'review.approve', code }),
      askReason: (code: string) => send({ type: 'review.reject', code }),
      reject: (reason: string) => send({ type: 'review.submitReason', reason }),
      cancelReject: () => send({ type: 'review.cancel' }),
    }),
    [send],
  );
  return {
    ...actions,
    busy: snapshot.hasTag('busy'),
    /** The withdrawal whose reason is asked for, while the reject dialog is open. */
    askingReasonFor: snapshot.matches('askingReason') || snapshot.matches('rejecting') ? snapshot.context.code : null,
  };
}
