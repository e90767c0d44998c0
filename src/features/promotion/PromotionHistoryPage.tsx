import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useGetPromotionUsagesQuery } from '../../api/promotions';
import {
  isInProgress,
  PromotionUsageFeedback,
  UsageActions,
  UsageDetails,
  UsageStatusBadge,
  usePromotionUsageFlow,
} from './PromotionUsage';
import { PROMOTION_USAGE_STATUSES, type PromotionUsageStatus } from '../../../contract/promotions';
import { useLanguage } from '../../i18n/useLanguage';
import { Button } from '../../../web/ui/Button';
import { Link } from '../../ui/Link';
import { PageBody, PageTitle } from '../../ui/Page';
import { Pager, pageCount } from '../../../web/ui/Pager';
import { Spinner } from '../../../web/ui/Spinner';
import { HistoryHead, HistoryItem, HistoryList } from '../../ui/HistoryList';

const PAGE_SIZE = 10;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 12px;
  margin-bottom: 16px;
  label {
    display: flex;
    align-items: center;
    gap: 8px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  select {
    min-height: 40px;
    padding: 6px 10px;
    border-radius: ${({ theme }) => theme.radius};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const isUsageStatus = (value: string): value is PromotionUsageStatus => (PROMOTION_USAGE_STATUSES as readonly string[]).includes(value);

/** /player/promotion/history: the player's promotion usages, a page at a time, with recheck and cancel of the one in progress. */
export default function PromotionHistoryPage() {
  const { t } = useTranslation('promotion');
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<PromotionUsageStatus | ''>('');
  const usages = useGetPromotionUsagesQuery(status ? { page, pageSize: PAGE_SIZE, status } : { page, pageSize: PAGE_SIZE });
  const [state, send] = usePromotionUsageFlow();
  const pages = pageCount(usages.data?.total ?? 0, PAGE_SIZE);

  return (
    <PageBody>
      <PageTitle>{t('common:page.promotionHistory')}</PageTitle>
      <Toolbar>
        <label>
          {t('list.filter')}
          <select
            value={status}
            onChange={(event) => {
              setStatus(isUsageStatus(event.target.value) ? event.target.value : '');
              setPage(1);
            }}
          >
            <option value="">{t('list.all')}</option>
            {PROMOTION_USAGE_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`usageStatus.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <Link href="/player/promotion">{t('allPromotions')}</Link>
      </Toolbar>
      <div data-testid="promotion-usage" data-state={String(state.value)}>
        <PromotionUsageFeedback state={state} send={send} />
      </div>
      {usages.isError ? (
        <p role="alert">
          {t('list.loadFailed')} <Button onClick={() => void usages.refetch()}>{t('common:retry')}</Button>
        </p>
      ) : !usages.data ? (
        <Spinner aria-label={t('common:loading')} />
      ) : usages.data.items.length === 0 ? (
        <p>{t('list.empty')}</p>
      ) : (
        <>
          <HistoryList aria-label={t('common:page.promotionHistory')}>
            {usages.data.items.map((usage) => (
              <HistoryItem key={usage.usageId} data-testid="usage-row" data-usage={usage.usageId}>
                <HistoryHead>
                  <strong>{usage.promotionName[language]}</strong>
                  <UsageStatusBadge usage={usage} />
                </HistoryHead>
                <UsageDetails usage={usage} />
                {isInProgress(usage) && <UsageActions usage={usage} state={state} send={send} />}
              </HistoryItem>
            ))}
          </HistoryList>
          <Pager
            page={page}
            pages={pages}
            onPage={setPage}
            label={t('list.page', { page, pages })}
            previous={t('list.previous')}
            next={t('list.next')}
          />
        </>
      )}
    </PageBody>
  );
}
