import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../web/ui/Toast';
import type { CallError } from '../../../web/api/baseQuery';

/** Refusals the operator can act on, told in the console's words; anything else shows the server's message. */
const EXPLAINED = new Set(['ACCOUNT_IN_USED', 'WITHDRAWAL_OPEN', 'ACCOUNT_NOT_FOUND', 'UNKNOWN_BANK', 'FORBIDDEN', 'NOT_FOUND']);

/**
 * Runs one action on the player at a time (a double click never sends two), then says how it went
 * in a toast. Resolves with the action's answer, or undefined when it was refused.
 */
export function usePlayerAction() {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function run<T>(send: () => Promise<{ data?: T; error?: unknown }>, doneKey: string): Promise<T | undefined> {
    if (busy) return undefined;
    setBusy(true);
    try {
      const { data, error } = await send();
      if (!error) {
        toast({ title: t(doneKey), status: 'success' });
        return data;
      }
      const failure = error as CallError;
      const title = EXPLAINED.has(failure.code) ? t(`players.errors.${failure.code}`) : t('players.failed', { message: failure.message });
      toast({ title, status: 'error' });
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  return { busy, run };
}
