import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../ui/Toast';
import type { CallError } from '../../api/adminApi';
import { useApproveWithdrawalMutation, useRejectWithdrawalMutation } from '../../api/withdrawals';

/**
 * Approving and rejecting a withdrawal, one decision at a time: while one is with the server no
 * other can be sent, so a double click never pays twice. A 409 means another operator (or the
 * payout job) decided first; the queue refetches either way, through the mutations' tags.
 */
export function useDecision() {
  const { t } = useTranslation();
  const toast = useToast();
  const [approve] = useApproveWithdrawalMutation();
  const [reject] = useRejectWithdrawalMutation();
  const [deciding, setDeciding] = useState<string | null>(null);

  async function decide(code: string, send: () => Promise<{ error?: unknown }>, doneKey: string) {
    if (deciding) return false;
    setDeciding(code);
    try {
      const { error } = await send();
      if (!error) {
        toast({ title: t(doneKey, { code }), status: 'success' });
        return true;
      }
      const failure = error as CallError;
      const title =
        failure.status === 409 ? t('withdrawals.decidedElsewhere', { code }) : t('withdrawals.failed', { message: failure.message });
      toast({ title, status: 'error' });
      return failure.status === 409;
    } finally {
      setDeciding(null);
    }
  }

  return {
    deciding,
    approve: (code: string) => decide(code, () => approve(code), 'withdrawals.approved'),
    reject: (code: string, reason: string) => decide(code, () => reject({ code, reason }), 'withdrawals.rejected'),
  };
}
