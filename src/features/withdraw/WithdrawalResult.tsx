import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { displayMoney } from '../../../contract/format';
import type { Withdrawal } from '../../../contract/withdrawals';
import { ActionRow } from '../../ui/ActionRow';
import { Button } from '../../../web/ui/Button';
import { Card, CardTitle, Details } from '../../../web/ui/Card';
import { Link } from '../../ui/Link';
import { StatusBadge } from '../../../web/ui/StatusBadge';

export const Muted = styled.p`
  margin: 0 0 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The answer to a withdrawal request: paid at once, waiting for an operator, or refused. */
export function WithdrawalResult({ withdrawal, onAgain }: { withdrawal: Withdrawal; onAgain: () => void }) {
  const { t } = useTranslation('withdraw');
  return (
    <Card role="status" aria-label={t('result.title')} data-testid="withdrawal-result">
      <CardTitle>{t('result.title')}</CardTitle>
      <Muted>{t(`result.${withdrawal.status}`)}</Muted>
      <Details>
        <dt>{t('field.code')}</dt>
        <dd>{withdrawal.code}</dd>
        <dt>{t('field.status')}</dt>
        <dd>
          <StatusBadge status={withdrawal.status} />
        </dd>
        <dt>{t('field.amountWithdrawn')}</dt>
        <dd>{displayMoney(withdrawal.amountWithdrawn, 'THB')}</dd>
        <dt>{t('field.creditReceived')}</dt>
        <dd>{displayMoney(withdrawal.creditReceived, 'LAK')}</dd>
        {withdrawal.promotionRetained !== null && (
          <>
            <dt>{t('field.promotionRetained')}</dt>
            <dd data-testid="promotion-retained">{displayMoney(withdrawal.promotionRetained, 'THB')}</dd>
          </>
        )}
      </Details>
      <ActionRow $spaced>
        <Link href="/player/withdraw/history">{t('result.history')}</Link>
        <Button $variant="secondary" onClick={onAgain}>
          {t('result.again')}
        </Button>
      </ActionRow>
    </Card>
  );
}
