import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useProviderCredit } from '../../api/credits';
import { displayAmount, displayMoney } from '../../../contract/format';
import { convert, formatAmount, parseAmount } from '../../../contract/money';
import type { ExchangeRate } from '../../../contract/exchangeRates';
import { checkPromotionWithdrawal, type Promotion, type PromotionUsage } from '../../../contract/promotions';
import { PROVIDER_NAMES } from '../../../contract/providers';
import { Button } from '../../../web/ui/Button';
import { CardTitle, Details } from '../../../web/ui/Card';
import { Spinner } from '../../../web/ui/Spinner';

const Panel = styled.section`
  margin: 0 0 16px;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  p {
    margin: 0 0 10px;
  }
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;

const satang = (amount: string | null) => (amount === null ? 0n : (parseAmount(amount, 'THB') ?? 0n));

interface PromotionWithdrawalProps {
  usage: PromotionUsage;
  promotion: Promotion | undefined;
  amount: string;
  rates: ExchangeRate[];
  onWithdrawAll: (amount: string) => void;
}

/**
 * The promotion in use for the chosen provider on the withdraw page: its conditions and what a
 * withdrawal of the typed amount would pay, as the server will decide it (checkPromotionWithdrawal),
 * with the turnover as of the last recheck. Keyed by provider (it reads that provider's credit).
 */
export function PromotionWithdrawal({ usage, promotion, amount, rates, onWithdrawAll }: PromotionWithdrawalProps) {
  const { t } = useTranslation('withdraw');
  const credit = useProviderCredit(usage.provider);
  const provider = PROVIDER_NAMES[usage.provider];
  if (!promotion || !credit.data) {
    return (
      <Panel aria-label={t('promotion.title', { provider })}>
        <Spinner $size={18} aria-label={t('common:loading')} />
      </Panel>
    );
  }
  const terms = {
    bonusSatang: satang(usage.bonus),
    creditReceivedSatang: satang(usage.creditReceived),
    minBalanceSatang: satang(promotion.minBalance),
    maxWithdrawPercent: promotion.maxWithdrawPercent,
    turnoverMet: satang(usage.turnover) >= satang(usage.turnoverRequired),
  };
  const creditSatang = satang(credit.data.credit.amount);
  const check = checkPromotionWithdrawal(terms, creditSatang, parseAmount(amount.trim(), 'THB') ?? 0n);
  const cap = (terms.creditReceivedSatang * BigInt(terms.maxWithdrawPercent)) / 100n;

  return (
    <Panel aria-label={t('promotion.title', { provider })} data-testid="withdraw-promotion">
      <CardTitle as="h3">{t('promotion.title', { provider })}</CardTitle>
      <p>
        {t('promotion.rules', {
          minBalance: displayAmount(promotion.minBalance),
          bonus: displayAmount(usage.bonus ?? '0'),
          percent: promotion.maxWithdrawPercent,
          cap: displayAmount(formatAmount(cap, 'THB')),
        })}
      </p>
      {usage.turnoverRequired !== null && (
        <p>
          {t('promotion.turnover', { turnover: displayAmount(usage.turnover ?? '0'), required: displayAmount(usage.turnoverRequired) })}
        </p>
      )}
      <Details>
        <dt>{t('promotion.credit')}</dt>
        <dd data-testid="promotion-credit">{displayMoney(credit.data.credit.amount, 'THB')}</dd>
      </Details>
      <p>
        <Button $variant="secondary" onClick={() => onWithdrawAll(formatAmount(creditSatang, 'THB'))}>
          {t('promotion.withdrawAll')}
        </Button>
      </p>
      {check.ok ? (
        <Details aria-live="polite" data-testid="promotion-preview">
          <dt>{t('field.amountWithdrawn')}</dt>
          <dd>{displayMoney(creditSatang, 'THB')}</dd>
          <dt>{t('promotion.bonus')}</dt>
          <dd data-testid="promotion-bonus">
            {terms.turnoverMet ? t('promotion.bonusKept') : `${t('promotion.bonusDeducted')}: ${displayMoney(terms.bonusSatang, 'THB')}`}
          </dd>
          <dt>{t('promotion.paid')}</dt>
          <dd data-testid="promotion-paid">{displayMoney(check.paidSatang, 'THB')}</dd>
          <dt>{t('promotion.retained')}</dt>
          <dd data-testid="promotion-retained">{displayMoney(check.retainedSatang, 'THB')}</dd>
          <dt>{t('form.preview')}</dt>
          <dd data-testid="promotion-lak">{displayMoney(convert('WITHDRAW', check.paidSatang, 'THB', rates), 'LAK')}</dd>
        </Details>
      ) : (
        <Problem role="alert" data-testid="promotion-problem">
          {t(`common:errors.${check.code}`)}
        </Problem>
      )}
    </Panel>
  );
}
