import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useGetDepositsQuery } from '../../api/deposits';
import { PROVIDER_NAMES } from '../../../contract/providers';
import { Button } from '../../../web/ui/Button';
import { PageBody, PageTitle } from '../../ui/Page';
import { Pager, pageCount } from '../../../web/ui/Pager';
import { Spinner } from '../../../web/ui/Spinner';
import { HistoryHead, HistoryItem, HistoryList } from '../../ui/HistoryList';
import { displayMoney } from '../../../contract/format';
import { formatDateTime } from '../../../web/dates';
import { StatusBadge } from '../../../web/ui/StatusBadge';
import { Details } from '../../../web/ui/Card';

const PAGE_SIZE = 10;

/** An order's fields: the card's label and value pairs, closer together and not bold. */
const Fields = styled(Details)`
  gap: 4px 16px;
  margin: 0;
  dd {
    font-weight: 400;
  }
`;

/** /player/deposit/history: the player's deposit orders, newest first, a page at a time. */
export default function DepositHistoryPage() {
  const { t } = useTranslation('deposit');
  const [page, setPage] = useState(1);
  // The `after` of each page seen so far (none for the first): pages are read by keyset, not offset.
  const [afters, setAfters] = useState<(string | undefined)[]>([undefined]);
  const deposits = useGetDepositsQuery({ page, pageSize: PAGE_SIZE, after: afters[page - 1] });
  const turnTo = (target: number) => {
    const next = deposits.data?.next;
    if (target > page && next) setAfters((known) => [...known.slice(0, page), next]);
    setPage(target);
  };
  const pages = pageCount(deposits.data?.total ?? 0, PAGE_SIZE);

  return (
    <PageBody>
      <PageTitle>{t('common:page.depositHistory')}</PageTitle>
      {deposits.isError ? (
        <p role="alert">
          {t('list.loadFailed')} <Button onClick={() => void deposits.refetch()}>{t('common:retry')}</Button>
        </p>
      ) : !deposits.data ? (
        <Spinner />
      ) : deposits.data.items.length === 0 ? (
        <p>{t('list.empty')}</p>
      ) : (
        <>
          <HistoryList aria-label={t('common:page.depositHistory')}>
            {deposits.data.items.map((order) => (
              <HistoryItem key={order.code} data-testid="deposit-row">
                <HistoryHead>
                  <strong>{order.code}</strong>
                  <StatusBadge status={order.status} />
                </HistoryHead>
                <Fields>
                  <dt>{t('list.date')}</dt>
                  <dd>{formatDateTime(order.createdAt)}</dd>
                  <dt>{t('list.provider')}</dt>
                  <dd>{PROVIDER_NAMES[order.provider] ?? order.provider}</dd>
                  <dt>{t('list.amount')}</dt>
                  <dd>{displayMoney(order.amount, 'LAK')}</dd>
                  {order.promoCredit !== null && (
                    <>
                      <dt>{t('list.promoCredit')}</dt>
                      <dd>{displayMoney(order.promoCredit, 'THB')}</dd>
                    </>
                  )}
                  {order.creditedTotal !== null && (
                    <>
                      <dt>{t('list.creditedTotal')}</dt>
                      <dd>{displayMoney(order.creditedTotal, 'THB')}</dd>
                    </>
                  )}
                </Fields>
              </HistoryItem>
            ))}
          </HistoryList>
          <Pager
            page={page}
            pages={pages}
            onPage={turnTo}
            label={t('list.page', { page, pages })}
            previous={t('list.previous')}
            next={t('list.next')}
          />
        </>
      )}
    </PageBody>
  );
}
