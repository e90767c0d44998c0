import { useTranslation } from 'react-i18next';
import { useGetBankAccountsQuery } from '../../api/banks';
import { useGetPromotionQuery, useGetUsingPromotionQuery } from '../../api/promotions';
import { Card } from '../../../web/ui/Card';
import { Link } from '../../ui/Link';
import { Notice } from '../../../web/ui/Notice';
import { PageBody, PageTitle } from '../../ui/Page';
import { Spinner } from '../../../web/ui/Spinner';
import { DepositForm } from './DepositForm';
import { DepositResult } from './DepositResult';
import { OrderCard } from './OrderCard';
import { PromotionBanner } from './PromotionBanner';
import { useDepositOrder } from './useDepositOrder';

/**
 * /player/deposit: choose a provider and an amount (with the THB credit it buys at the sell rate),
 * then pay the order's LaoQR from a banking app and check; an open order is resumed after a reload.
 */
export default function DepositPage() {
  const { t } = useTranslation('deposit');
  const accounts = useGetBankAccountsQuery();
  const using = useGetUsingPromotionQuery();
  const usage = using.data ?? null;
  const promotion = useGetPromotionQuery(usage?.promotionId ?? '', { skip: usage?.status !== 'ACTIVE' });
  const { state, stage, send, openLoaded } = useDepositOrder();

  const { order, errorCode, errorParams } = state.context;
  const hasBank = (accounts.data?.bankAccounts.length ?? 0) > 0;
  // Without an answer about promotions the form cannot know whether to set them (a failed call: none).
  const loading = !accounts.data || !openLoaded || using.isLoading || promotion.isLoading;
  const inProgress = usage && (usage.status === 'ACTIVE' || usage.status === 'USED') ? usage : null;
  const taken = inProgress?.status === 'ACTIVE' ? { usage: inProgress, promotion: promotion.data } : undefined;

  return (
    <PageBody>
      <PageTitle>{t('common:page.deposit')}</PageTitle>
      <div data-testid="deposit" data-state={stage}>
        {loading && stage === 'idle' ? (
          <Spinner />
        ) : state.tags.has('form') && !hasBank ? (
          <Card>
            <Notice role="alert" $tone="warning">
              {t('needBank')}
            </Notice>
            <Link href="/player/bank">{t('addBank')}</Link>
          </Card>
        ) : state.tags.has('form') ? (
          <>
            {inProgress && <PromotionBanner usage={inProgress} promotion={promotion.data} />}
            <DepositForm
              onCreate={(request) => send({ type: 'order.create', request })}
              errorCode={errorCode}
              errorParams={errorParams}
              busy={state.tags.has('busy')}
              taken={taken}
            />
          </>
        ) : state.tags.has('order') && order ? (
          <OrderCard order={order} state={state} stage={stage} send={send} />
        ) : (
          order && <DepositResult order={order} state={state} stage={stage} send={send} />
        )}
      </div>
    </PageBody>
  );
}
