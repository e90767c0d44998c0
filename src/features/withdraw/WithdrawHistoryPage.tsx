import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useGetOpenWithdrawalsQuery, useGetWithdrawalsQuery } from '../../api/withdrawals';
import { PROVIDER_NAMES } from '../../../contract/providers';
import type { Withdrawal } from '../../../contract/withdrawals';
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

const Section = styled.section`
  margin-bottom: 24px;
`;

const SectionTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  margin: 0 0 12px;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

function WithdrawalCard({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation('withdraw');
  return (
    <HistoryItem data-testid="withdrawal" data-code={withdrawal.code}>
      <HistoryHead>
        <strong>{withdrawal.code}</strong>
        <StatusBadge status={withdrawal.status} />
      </HistoryHead>
      <Details>
        <dt>{t('field.date')}</dt>
        <dd>{formatDateTime(withdrawal.date)}</dd>
        <dt>{t('field.provider')}</dt>
        <dd>{PROVIDER_NAMES[withdrawal.provider] ?? withdrawal.provider}</dd>
        <dt>{t('field.amountWithdrawn')}</dt>
        <dd>{displayMoney(withdrawal.amountWithdrawn, 'THB')}</dd>
        <dt>{t('field.creditReceived')}</dt>
        <dd>{displayMoney(withdrawal.creditReceived, 'LAK')}</dd>
        <dt>{t('field.amountReceived')}</dt>
        <dd data-testid="amount-received">{withdrawal.amountReceived === null ? '-' : displayMoney(withdrawal.amountReceived, 'LAK')}</dd>
        <dt>{t('field.creditReturned')}</dt>
        <dd>{displayMoney(withdrawal.creditReturned, 'THB')}</dd>
        {withdrawal.promotionRetained !== null && (
          <>
            <dt>{t('field.promotionRetained')}</dt>
            <dd data-testid="promotion-retained">{displayMoney(withdrawal.promotionRetained, 'THB')}</dd>
          </>
        )}
        <dt>{t('field.bankName')}</dt>
        <dd>{withdrawal.bankName.toUpperCase()}</dd>
        <dt>{t('field.accountName')}</dt>
        <dd>{withdrawal.accountName}</dd>
        <dt>{t('field.accountNumber')}</dt>
        <dd>{withdrawal.accountNumber}</dd>
        {withdrawal.status === 'REJECTED' && (
          <>
            <dt>{t('field.reason')}</dt>
            <dd role="note">{t('rejected')}</dd>
          </>
        )}
      </Details>
    </HistoryItem>
  );
}

/** /player/withdraw/history: open withdrawals first, then every withdrawal, paged, with every field of the record. */
export default function WithdrawHistoryPage() {
  const { t } = useTranslation('withdraw');
  const [page, setPage] = useState(1);
  const open = useGetOpenWithdrawalsQuery();
  const all = useGetWithdrawalsQuery({ page, pageSize: PAGE_SIZE });

  if (open.isError || all.isError) {
    return (
      <PageBody>
        <PageTitle>{t('history.title')}</PageTitle>
        <div role="alert">
          <p>{t('history.loadFailed')}</p>
          <Button
            onClick={() => {
              void open.refetch();
              void all.refetch();
            }}
          >
            {t('common:retry')}
          </Button>
        </div>
      </PageBody>
    );
  }
  if (!open.data || !all.data) {
    return (
      <PageBody>
        <PageTitle>{t('history.title')}</PageTitle>
        <Spinner aria-label={t('common:loading')} />
      </PageBody>
    );
  }
  const pages = pageCount(all.data.total, all.data.pageSize);
  return (
    <PageBody>
      <PageTitle>{t('history.title')}</PageTitle>
      <Section aria-label={t('history.open')}>
        <SectionTitle>{t('history.open')}</SectionTitle>
        {open.data.length ? (
          <HistoryList>
            {open.data.map((withdrawal) => (
              <WithdrawalCard key={withdrawal.code} withdrawal={withdrawal} />
            ))}
          </HistoryList>
        ) : (
          <Muted>{t('history.noOpen')}</Muted>
        )}
      </Section>
      <Section aria-label={t('history.all')}>
        <SectionTitle>{t('history.all')}</SectionTitle>
        {all.data.items.length ? (
          <HistoryList>
            {all.data.items.map((withdrawal) => (
              <WithdrawalCard key={withdrawal.code} withdrawal={withdrawal} />
            ))}
          </HistoryList>
        ) : (
          <Muted>{t('history.empty')}</Muted>
        )}
        {pages > 1 && (
          <Pager
            page={page}
            pages={pages}
            onPage={setPage}
            label={t('history.page', { page, pages })}
            previous={t('history.previous')}
            next={t('history.next')}
          />
        )}
      </Section>
    </PageBody>
  );
}
