import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useGetStatementQuery } from '../../api/responsiblePlay';
import { displayMoney } from '../../../contract/format';
import type { StatementMonth } from '../../../contract/responsiblePlay';
import { Details } from '../../../web/ui/Card';
import { HistoryHead, HistoryItem, HistoryList } from '../../ui/HistoryList';
import { Notice } from '../../../web/ui/Notice';
import { PageBody, PageTitle } from '../../ui/Page';
import { Spinner } from '../../../web/ui/Spinner';

const Intro = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin: 0 0 16px;
`;

const Net = styled.dd<{ $negative: boolean }>`
  color: ${({ theme, $negative }) => ($negative ? theme.colors.danger : theme.colors.text)};
`;

/** YYYY-MM as the site writes dates (DD/MM/YYYY): MM/YYYY. */
const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

function MonthCard({ month }: { month: StatementMonth }) {
  const { t } = useTranslation('responsiblePlay');
  return (
    <HistoryItem data-testid="statement-month" data-month={month.month}>
      <HistoryHead>
        <strong>{monthLabel(month.month)}</strong>
      </HistoryHead>
      <Details>
        <dt>{t('statement.deposits', { count: month.deposits.count })}</dt>
        <dd data-testid="statement-deposits">{displayMoney(month.deposits.kip, 'LAK')}</dd>
        <dt>{t('statement.withdrawals', { count: month.withdrawals.count })}</dt>
        <dd data-testid="statement-withdrawals">{displayMoney(month.withdrawals.kip, 'LAK')}</dd>
        <dt>{t('statement.net')}</dt>
        <Net $negative={month.netKip.startsWith('-')} data-testid="statement-net">
          {displayMoney(month.netKip, 'LAK')}
        </Net>
      </Details>
    </HistoryItem>
  );
}

/** /player/statement: per Vientiane month of the last 12, newest first, what the player paid in and took out. */
export default function StatementPage() {
  const { t } = useTranslation('responsiblePlay');
  const { t: tc } = useTranslation();
  const { data, isLoading, error } = useGetStatementQuery();
  return (
    <PageBody>
      <PageTitle>{t('statement.title')}</PageTitle>
      <Intro>{t('statement.intro')}</Intro>
      {isLoading && <Spinner aria-label={tc('loading')} />}
      {error && <Notice role="alert">{tc('errors.INTERNAL')}</Notice>}
      {data && (
        <HistoryList>
          {data.months.map((month) => (
            <MonthCard key={month.month} month={month} />
          ))}
        </HistoryList>
      )}
    </PageBody>
  );
}
