import { useTranslation } from 'react-i18next';
import { useProviderCredit } from '../../api/credits';
import { displayMoney } from '../../../contract/format';
import { parseAmount } from '../../../contract/money';
import { bonusOfPromotion, type Promotion } from '../../../contract/promotions';
import { PROVIDER_NAMES, type Provider } from '../../../contract/providers';
import { Details } from '../../../web/ui/Card';

interface CreditAfterDepositProps {
  provider: Provider;
  /** The credit the amount typed buys (satang), once it is a valid amount. */
  depositCredit?: bigint;
  /** A taken promotion: its bonus comes with the deposit. */
  promotion?: Promotion;
}

/** The chosen provider's credit now and what it will be once this deposit is in. Keyed by provider. */
export function CreditAfterDeposit({ provider, depositCredit, promotion }: CreditAfterDepositProps) {
  const { t } = useTranslation('deposit');
  const credit = useProviderCredit(provider);
  const now = credit.data ? parseAmount(credit.data.credit.amount, 'THB') : undefined;
  const bonus = promotion && depositCredit !== undefined ? bonusOfPromotion(promotion.bonus, depositCredit) : 0n;
  return (
    <Details data-testid="deposit-credit" aria-live="polite">
      <dt>{t('creditNow', { provider: PROVIDER_NAMES[provider] })}</dt>
      <dd data-testid="deposit-credit-now">{now === undefined ? '…' : displayMoney(now, 'THB')}</dd>
      {bonus > 0n && (
        <>
          <dt>{t('bonus')}</dt>
          <dd>+{displayMoney(bonus, 'THB')}</dd>
        </>
      )}
      {/* Shown with the amount, not when the credit arrives: a row appearing later would move the button under the player's thumb. */}
      {depositCredit !== undefined && (
        <>
          <dt>{t('creditAfter')}</dt>
          <dd data-testid="deposit-credit-after">{now === undefined ? '…' : displayMoney(now + depositCredit + bonus, 'THB')}</dd>
        </>
      )}
    </Details>
  );
}
