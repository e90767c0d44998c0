import { useTranslation } from 'react-i18next';
import type { DepositOrder } from '../../../contract/deposits';
import { displayAmount, displayMoney } from '../../../contract/format';
import { PROVIDER_NAMES } from '../../../contract/providers';
import { ActionRow } from '../../ui/ActionRow';
import { Button } from '../../../web/ui/Button';
import { Card, Details } from '../../../web/ui/Card';
import { Link } from '../../ui/Link';
import { Notice } from '../../../web/ui/Notice';
import type { useDepositOrder } from './useDepositOrder';

type DepositOrderActor = ReturnType<typeof useDepositOrder>;

/** Where the order ended up: credited, paid and waiting for the provider, canceled, expired or failed. */
export function DepositResult({
  order,
  state,
  stage,
  send,
}: { order: DepositOrder } & Pick<DepositOrderActor, 'state' | 'stage' | 'send'>) {
  const { t } = useTranslation('deposit');
  const { errorCode } = state.context;
  const paid = stage === 'paid';
  return (
    <Card aria-label={t('title')}>
      {errorCode && paid && (
        <Notice role="alert" $tone="danger">
          {t(`common:errors.${errorCode}`)}
        </Notice>
      )}
      <Notice role="status" $tone={stage === 'success' ? 'success' : paid ? 'warning' : 'danger'}>
        {t(`result.${stage}`, { credit: displayAmount(order.creditedTotal ?? order.credit), provider: PROVIDER_NAMES[order.provider] })}
      </Notice>
      <Details>
        <dt>{t('code')}</dt>
        <dd data-testid="deposit-code">{order.code}</dd>
        <dt>{t('amountToPay')}</dt>
        <dd>{displayMoney(order.amount, 'LAK')}</dd>
      </Details>
      <ActionRow>
        {paid ? (
          <Button onClick={() => send({ type: 'order.check' })}>{t('check')}</Button>
        ) : (
          <Button onClick={() => send({ type: 'order.new' })}>{t('newDeposit')}</Button>
        )}
        <Link href="/player/deposit/history">{t('history')}</Link>
      </ActionRow>
    </Card>
  );
}
