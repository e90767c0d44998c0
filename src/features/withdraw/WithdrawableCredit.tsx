import { useTranslation } from 'react-i18next';
import { useProviderCredit } from '../../api/credits';
import { displayMoney } from '../../../contract/format';
import { formatAmount, parseAmount } from '../../../contract/money';
import { PROVIDER_NAMES, type Provider } from '../../../contract/providers';
import { mostWithdrawable, type WithdrawalLimits } from '../../../contract/withdrawals';
import { Button } from '../../../web/ui/Button';
import { Details } from '../../../web/ui/Card';
import { Notice } from '../../../web/ui/Notice';
import styled from 'styled-components';

const Panel = styled.div`
  margin-bottom: 12px;
  dl {
    margin-bottom: 8px;
  }
`;

interface WithdrawableCreditProps {
  provider: Provider;
  /** The agency's bounds of one withdrawal, in satang, as the form checks them. */
  min: bigint;
  max: bigint;
  limits: Pick<WithdrawalLimits, 'dailyLimit' | 'usedToday'>;
  /** Fills the amount field (THB text). */
  onUseMost: (amount: string) => void;
}

/** The chosen provider's credit and the most one withdrawal may take of it now. Keyed by provider. */
export function WithdrawableCredit({ provider, min, max, limits, onUseMost }: WithdrawableCreditProps) {
  const { t } = useTranslation('withdraw');
  const credit = useProviderCredit(provider);
  const left = limits.dailyLimit - limits.usedToday;
  const now = credit.data ? parseAmount(credit.data.credit.amount, 'THB') : undefined;
  const most = now === undefined ? undefined : mostWithdrawable(now, min, max, left);
  return (
    <Panel data-testid="withdraw-credit" aria-live="polite">
      <Details>
        <dt>{t('form.creditNow', { provider: PROVIDER_NAMES[provider] })}</dt>
        <dd data-testid="withdraw-credit-now">{now === undefined ? '…' : displayMoney(now, 'THB')}</dd>
        <dt>{t('form.most')}</dt>
        <dd data-testid="withdraw-most">{most === undefined ? '…' : displayMoney(most, 'THB')}</dd>
      </Details>
      {/* The button is there, disabled, before the credit arrives: appearing later, it would move the submit button under the player's thumb. */}
      {most === 0n ? (
        <Notice $tone="warning">
          {left <= 0 ? t('form.noneLeftToday', { limit: limits.dailyLimit }) : t('form.belowMinimum', { min: displayMoney(min, 'THB') })}
        </Notice>
      ) : (
        <Button
          type="button"
          $variant="secondary"
          disabled={most === undefined}
          onClick={() => most !== undefined && onUseMost(formatAmount(most, 'THB'))}
        >
          {t('form.useMost')}
        </Button>
      )}
    </Panel>
  );
}
